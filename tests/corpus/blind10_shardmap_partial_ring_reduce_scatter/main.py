from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.lax import axis_index, ppermute
from jax.sharding import Mesh, PartitionSpec as P

devices = np.array(jax.devices())
mesh = Mesh(devices, ('i',))
N = devices.size


def shift_left(x):
  return ppermute(x, 'i', perm=[(j, (j - 1) % N) for j in range(N)])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, 'i'), P('i')), out_specs=P('i'))
def matmul_reduce_scatter(lhs_block, rhs_block):
  # lhs_block: [M, K/N], rhs_block: [K/N, F]; output rows are scattered over 'i'
  me = axis_index('i')
  m = lhs_block.shape[0] // N
  partial_sums = jnp.zeros((m, rhs_block.shape[1]), lhs_block.dtype)
  partial_sums = jax.lax.pcast(partial_sums, 'i', to='varying')
  for step in range(N):
    blk = (me + step + 1) % N
    rows = jax.lax.dynamic_slice_in_dim(lhs_block, blk * m, m, axis=0)
    partial_sums = shift_left(partial_sums) + rows @ rhs_block
  return partial_sums


def main():
  lhs = jnp.ones((16, 32))
  rhs = jnp.ones((32, 8))
  matmul_reduce_scatter.trace(lhs, rhs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
