from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

NDEV = jax.device_count()
RING = [(i, (i + 1) % NDEV) for i in range(NDEV)]

mesh = jax.make_mesh((2, 2), ('i', 'j'))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('i', None), P('i', None)), out_specs=P('i', None))
def matmul_allgather_overlapped(lhs_block, rhs_block):
  size = lax.axis_size('i')
  idx = lax.axis_index('i')
  shift = partial(lax.ppermute, axis_name='i', perm=RING)
  B = lhs_block.shape[1] // size
  lhs_blocks = lambda i: lax.dynamic_slice_in_dim(lhs_block, i * B, B, 1)

  out_block = lhs_blocks(idx) @ rhs_block
  for i in range(1, size):
    rhs_block = shift(rhs_block)
    out_block += lhs_blocks((idx - i) % size) @ rhs_block
  return out_block


lhs = jnp.ones((8, 1024))
rhs = jnp.ones((1024, 256))
matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=('cuda',))
