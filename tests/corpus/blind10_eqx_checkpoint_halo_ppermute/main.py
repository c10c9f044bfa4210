import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import ResStack

AXIS = 'space'


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  model = ResStack(8, 3, AXIS, jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)

  def loss(params, signal, target):
    out = eqx.combine(params, static)(signal)
    return jax.lax.psum(jnp.sum((out - target) ** 2), AXIS)

  def grads(params, signal, target):
    # params enter replicated, so their cotangents come back already summed over AXIS
    return jax.grad(loss)(params, signal, target)

  sharded = jax.shard_map(grads, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)), out_specs=P())
  signal = jnp.ones((64, 8))
  jax.jit(sharded).trace(params, signal, signal).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
