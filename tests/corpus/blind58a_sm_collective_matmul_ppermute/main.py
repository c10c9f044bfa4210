from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P('i', None), P('i', None)),
         out_specs=P('i', None))
def matmul_allgather_overlapped(lhs_block, rhs_block):
  size = jax.lax.psum(1, 'i')
  idx = jax.lax.axis_index('i')
  shift = partial(jax.lax.ppermute, axis_name='i',
                  perm=[(i, (i + 1) % size) for i in range(size)])

  B = lhs_block.shape[1] // size
  lhs_blocks = lambda i: lax.dynamic_slice_in_dim(lhs_block, i * B, B, 1)

  out_block = lhs_blocks(idx) @ rhs_block
  for i in range(1, size):
    rhs_block = shift(rhs_block)
    out_block += lhs_blocks((idx - i) % size) @ rhs_block
  return out_block


if __name__ == '__main__':
  lhs = jax.ShapeDtypeStruct((32, 64), jnp.float32, sharding=NamedSharding(mesh, P('i', None)))
  rhs = jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=NamedSharding(mesh, P('i', None)))
  matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=('tpu',))
