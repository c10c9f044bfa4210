from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

K = 4


class Head(nnx.Module):

  def __init__(self, *, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(16, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.silu(self.l1(x)))[..., 0]


def make_ensemble(seed=0):
  """Creates K heads stacked along the 'ensemble' axis."""
  @nnx.split_rngs(splits=K)
  @nnx.vmap(in_axes=0, out_axes=0)
  def create(rngs):
    return Head(rngs=rngs)
  return create(nnx.Rngs(seed))


mesh = Mesh(np.array(jax.devices()), ('data',))


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P())
def ensemble_loss(heads, x, y):

  @nnx.vmap(in_axes=(0, None, None), axis_name='member')
  def one(head, x, y):
    err = jnp.mean((head(x) - y) ** 2)
    return jax.lax.pmean(err, ('data', 'ensemble'))

  return one(heads, x, y).mean()


heads = make_ensemble()
x = jnp.ones((32, 16))
y = jnp.zeros((32,))
ensemble_loss.trace(heads, x, y).lower(lowering_platforms=('cuda',))
