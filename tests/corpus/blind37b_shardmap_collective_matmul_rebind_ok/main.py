from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Explicit,))


def matmul_allgather_overlapped(lhs_block, rhs_block):
  size = lax.axis_size('i')
  idx = lax.axis_index('i')
  shift = partial(lax.ppermute, axis_name='i',
                  perm=[(j, (j + 1) % size) for j in range(size)])

  B = lhs_block.shape[1] // size
  lhs_blocks = lambda k: lax.dynamic_slice_in_dim(lhs_block, k * B, B, 1)

  out_block = lhs_blocks(idx) @ rhs_block

  def body(i, carry):
    out_block, rhs_block = carry
    rhs_block = shift(rhs_block)
    out_block = out_block + lhs_blocks((idx - i) % size) @ rhs_block
    return out_block, rhs_block

  out_block, _ = lax.fori_loop(1, size, body, (out_block, rhs_block))
  return out_block


matmul_allgather_overlapped = jax.shard_map(
    matmul_allgather_overlapped, mesh=mesh,
    in_specs=(P('i', None), P('i', None)), out_specs=P('i', None))

lhs = jax.device_put(jnp.ones((8, 32)), jax.NamedSharding(mesh, P('i', None)))
rhs = jax.device_put(jnp.ones((32, 16)), jax.NamedSharding(mesh, P('i', None)))
lowered = jax.jit(matmul_allgather_overlapped).trace(lhs, rhs).lower(
    lowering_platforms=('cuda',))
print("ok", lowered.as_text().count('collective_permute') > 0)
