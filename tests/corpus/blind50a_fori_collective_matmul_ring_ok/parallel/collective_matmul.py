from jax import lax

from .collectives import ring_shift


def matmul_allgather_overlapped(lhs_block, rhs_block, axis_name='i'):
  """Per-shard body: lhs sharded on rows, rhs on the contracting dim."""
  size = lax.axis_size(axis_name)
  idx = lax.axis_index(axis_name)
  B = lhs_block.shape[1] // size

  def lhs_blocks(i):
    return lax.dynamic_slice_in_dim(lhs_block, i * B, B, 1)

  def body(i, carry):
    out_block, rhs_block = carry
    rhs_block = ring_shift(rhs_block, axis_name)
    out_block = out_block + lhs_blocks((idx - i) % size) @ rhs_block
    return out_block, rhs_block

  out_block = lhs_blocks(idx) @ rhs_block
  out_block, _ = lax.fori_loop(1, size, body, (out_block, rhs_block))
  return out_block
