from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N_MEMBERS = 3


class Member(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(16, 4, rngs=rngs)

  def __call__(self, x):
    return self.lin(x)


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=0, out_axes=0)
def make_ensemble(rngs):
  return Member(rngs)


ensemble = make_ensemble(nnx.Rngs(0))
mesh = Mesh(np.array(jax.devices()), ('data',))


@nnx.jit
def ensemble_loss(ensemble, x, y):
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P())
  def per_shard(ensemble, x, y):
    @nnx.vmap(in_axes=(0, None, None), out_axes=0, axis_name='member')
    def member_loss(member, x, y):
      pred = member(x)
      # distillation towards the ensemble mean, averaged over members and data shards
      mean_pred = jax.lax.pmean(pred, 'member')
      local = jnp.mean((pred - y) ** 2) + 0.1 * jnp.mean((pred - mean_pred) ** 2)
      return jax.lax.pmean(local, 'data')
    return member_loss(ensemble, x, y).mean()
  return per_shard(ensemble, x, y)


x = jnp.ones((32, 16))
y = jnp.zeros((32, 4))
ensemble_loss.trace(ensemble, x, y).lower(lowering_platforms=('cuda',))
