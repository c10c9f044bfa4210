import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Member(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(8, 1, rngs=rngs)

  def __call__(self, x):
    return self.lin(x)


@nnx.vmap(in_axes=0, out_axes=0)
def make(rngs):
  return Member(rngs)


mesh = Mesh(np.array(jax.devices()), ('data',))
members = make(nnx.Rngs(0).fork(split=3))
graphdef, state = nnx.split(members)


def per_device(state, x):
  members = nnx.merge(graphdef, state)

  @nnx.vmap(in_axes=(0, None), axis_name='member')
  def loss(m, x):
    l = jnp.mean(m(x) ** 2)
    return lax.pmean(lax.pmean(l, 'member'), 'data')

  return loss(members, x)


f = jax.jit(jax.shard_map(per_device, mesh=mesh, in_specs=(P(), P('data')), out_specs=P()))
f.trace(state, jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))
