from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def ring_shift(x, axis_name):
  size = lax.axis_size(axis_name)
  return lax.ppermute(x, axis_name, perm=[(i, (i + 1) % size) for i in range(size)])


def collective_matmul(lhs_block, rhs_block, *, axis_name, size):
  idx = lax.axis_index(axis_name)
  rows = lhs_block.shape[0]
  out = jnp.zeros((rows * size, rhs_block.shape[1]), lhs_block.dtype)

  def body(i, carry):
    out, lhs = carry
    src = (idx - i) % size
    out = lax.dynamic_update_slice(out, lhs @ rhs_block, (src * rows, 0))
    lhs = ring_shift(lhs, axis_name)
    return out, lhs

  out, _ = lax.fori_loop(0, size, body, (out, lhs_block))
  return out
