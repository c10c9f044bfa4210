import jax
import jax.numpy as jnp

from mylib import parallel

CONFIG = {'mesh_shape': (2, 2), 'mesh_axes': ('i', 'j')}


def main():
  mesh = parallel.mesh_2d(CONFIG)
  fn = jax.shard_map(parallel.allgather_matmul, mesh=mesh,
                     in_specs=parallel.SPECS['in'], out_specs=parallel.SPECS['out'])
  fn = jax.jit(fn)
  a = jnp.ones((8, 16), jnp.float32)
  b = jnp.ones((16, 8), jnp.float32)
  fn.trace(a, b).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
