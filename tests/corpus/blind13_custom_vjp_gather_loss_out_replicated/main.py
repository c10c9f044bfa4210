import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

AXIS = 'sp'
mesh = Mesh(np.array(jax.devices()), (AXIS,))


@jax.custom_vjp
def gather_seq(x):
  return jax.lax.all_gather(x, AXIS, axis=0, tiled=True)


def _fwd(x):
  return gather_seq(x), None


def _bwd(_, g):
  return (jax.lax.psum_scatter(g, AXIS, scatter_dimension=0, tiled=True),)


gather_seq.defvjp(_fwd, _bwd)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(AXIS), P()), out_specs=P())
def loss_and_grad(x, w):
  def loss(x):
    full = gather_seq(x)
    return jnp.sum(jnp.tanh(full @ w))
  l, g = jax.value_and_grad(loss)(x)
  return jax.lax.psum(jnp.sum(g), AXIS) + l


if __name__ == '__main__':
  jax.jit(loss_and_grad).trace(jnp.ones((16, 4)), jnp.ones((4, 4))).lower(lowering_platforms=('cuda',))
