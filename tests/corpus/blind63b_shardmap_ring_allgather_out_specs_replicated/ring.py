"""Unidirectional ring all-gather with ppermute (shard_map guide style)."""
import jax.numpy as jnp
from jax import lax


def ring_all_gather(x_block, axis_name, size):
  idx = lax.axis_index(axis_name)
  chunk = x_block.shape[0]
  out = jnp.zeros((chunk * size,) + x_block.shape[1:], x_block.dtype)
  out = lax.dynamic_update_slice_in_dim(out, x_block, idx * chunk, axis=0)
  perm = [(j, (j + 1) % size) for j in range(size)]

  def body(i, carry):
    out, blk = carry
    blk = lax.ppermute(blk, axis_name, perm)
    src = (idx - i - 1) % size
    out = lax.dynamic_update_slice_in_dim(out, blk, src * chunk, axis=0)
    return out, blk

  out, _ = lax.fori_loop(0, size - 1, body, (out, x_block))
  return out
