import jax.numpy as jnp
from jax import lax


def ring_matmul(lhs_block, rhs_block, axis_name):
  size = lax.axis_size(axis_name)
  idx = lax.axis_index(axis_name)
  B = lhs_block.shape[1] // size
  perm = [(i, (i + 1) % size) for i in range(size)]

  def body(i, carry):
    acc, rhs_block = carry
    lhs_cols = lax.dynamic_slice_in_dim(lhs_block, ((idx - i) % size) * B, B, 1)
    acc = acc + lhs_cols @ rhs_block
    return acc, lax.ppermute(rhs_block, axis_name, perm)

  acc = jnp.zeros((lhs_block.shape[0], rhs_block.shape[1]), lhs_block.dtype)
  acc, _ = lax.fori_loop(0, size, body, (acc, rhs_block))
  return acc
