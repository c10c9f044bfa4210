from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('i', None), P(None, 'i')),
         out_specs=P(None, 'i'))
def matmul_allgather_overlapped(lhs_block, rhs_block):
  size = jax.lax.axis_size('i')
  idx = jax.lax.axis_index('i')
  shift = partial(jax.lax.ppermute, axis_name='i',
                  perm=[(i, (i + 1) % size) for i in range(size)])

  B = lhs_block.shape[0]
  out_block = jnp.zeros((B * size, rhs_block.shape[1]), lhs_block.dtype)
  out_block = jax.lax.dynamic_update_slice(out_block, lhs_block @ rhs_block, (idx * B, 0))
  for i in range(1, size):
    lhs_block = shift(lhs_block)
    out_block = jax.lax.dynamic_update_slice(
        out_block, lhs_block @ rhs_block, (((idx - i) % size) * B, 0))
  return out_block


lhs = jnp.ones((16, 8))
rhs = jnp.ones((8, 16))
print(matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=('cuda',)).as_text()[:40])
