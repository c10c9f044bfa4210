import os

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH_AXES = tuple(os.environ.get('MESH_AXES', 'data,model').split(','))


class RowParallelLinear(eqx.Module):
  weight: jax.Array
  axis_name: str = eqx.field(static=True, default='tensor')

  def __call__(self, x):
    return jax.lax.psum(x @ self.weight, self.axis_name)


class Block(eqx.Module):
  up: eqx.nn.Linear
  down: RowParallelLinear

  def __init__(self, d, f_local, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(d, f_local, use_bias=False, key=k1)
    self.down = RowParallelLinear(jax.random.normal(k2, (f_local, d)) * 0.02)

  def __call__(self, x):
    return x + self.down(jax.nn.gelu(jax.vmap(self.up)(x)))


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), MESH_AXES)
  block = Block(32, 64, jax.random.key(0))
  params, static = eqx.partition(block, eqx.is_array)

  def local_forward(params, x):
    return eqx.combine(params, static)(x)

  fwd = jax.jit(jax.shard_map(local_forward, mesh=mesh, in_specs=(P(), P(MESH_AXES[0])),
                              out_specs=P(MESH_AXES[0])))
  fwd.trace(params, jnp.ones((16, 32))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
