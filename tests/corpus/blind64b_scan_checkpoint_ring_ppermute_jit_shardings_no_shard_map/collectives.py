"""Ring all-gather matmul: overlap the all-gather of the LHS with the matmuls."""
import jax
import jax.numpy as jnp
from jax import lax

RING_AXIS = "x"


def allgather_matmul(lhs, rhs, *, axis_size):
  """lhs: [M/n, K] row shard (looped), rhs: [K, N/n] local. Returns [M, N/n]."""
  chunk = lhs.shape[0]
  shift_left = [(j, (j - 1) % axis_size) for j in range(axis_size)]

  @jax.checkpoint
  def body(carry, i):
    accum, lhs = carry
    update = lhs @ rhs
    lhs = lax.ppermute(lhs, RING_AXIS, perm=shift_left)
    row = ((lax.axis_index(RING_AXIS) + i) % axis_size) * chunk
    accum = lax.dynamic_update_slice(accum, update, (row, 0))
    return (accum, lhs), None

  accum = jnp.zeros((chunk * axis_size, rhs.shape[1]), lhs.dtype)
  (accum, _), _ = lax.scan(body, (accum, lhs), jnp.arange(axis_size))
  return accum
