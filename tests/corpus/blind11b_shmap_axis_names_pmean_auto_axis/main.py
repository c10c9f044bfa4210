import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


def row_parallel(x, w):
  partial_out = x @ w
  out = jax.lax.psum(partial_out, 'model')
  return jax.lax.pmean(out, 'data')


f = jax.shard_map(row_parallel, mesh=mesh, in_specs=(P(None, 'model'), P('model', None)),
                  out_specs=P(), axis_names={'model'}, check_vma=False)


def main():
  x = jnp.ones((8, 64))
  w = jnp.ones((64, 16))
  jax.jit(f).trace(x, w).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
