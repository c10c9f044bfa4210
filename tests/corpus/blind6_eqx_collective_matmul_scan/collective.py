from functools import partial

import jax
import jax.numpy as jnp

AXIS = 'i'


def ring_perm(size):
  return [(j, (j + 1) % size) for j in range(size)]


def allgather_matmul(lhs_block, rhs_block, axis_name=AXIS):
  """lhs rows are split over axis_name; computes (all_gather(lhs) @ rhs_block) while the
  lhs blocks travel round the ring, one hop per scan step."""
  size = jax.lax.axis_size(axis_name)
  idx = jax.lax.axis_index(axis_name)
  shift = partial(jax.lax.ppermute, axis_name=axis_name, perm=ring_perm(size))
  rows = lhs_block.shape[0]
  out = jnp.zeros((rows * size, rhs_block.shape[1]), lhs_block.dtype)
  out = jax.lax.pcast(out, axis_name, to='varying')

  def body(carry, i):
    lhs, out = carry
    start = ((idx - i) % size) * rows
    out = jax.lax.dynamic_update_slice_in_dim(out, lhs @ rhs_block, start, axis=0)
    return (shift(lhs), out), None

  (_, out), _ = jax.lax.scan(body, (lhs_block, out), jnp.arange(size))
  return out
