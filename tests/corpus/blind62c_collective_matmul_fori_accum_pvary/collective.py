from functools import partial

import jax
import jax.numpy as jnp


def allgather_matmul(lhs, rhs, axis_name):
  """Overlapped all-gather matmul (JAX shard_map guide, "collective matmul").

  lhs: [B/n, D] block of the batch, rhs: [D, F/n] column block. Returns [B, F/n]."""
  n = jax.lax.axis_size(axis_name)
  idx = jax.lax.axis_index(axis_name)
  shift = partial(jax.lax.ppermute, axis_name=axis_name,
                  perm=[(j, (j - 1) % n) for j in range(n)])
  block = lhs.shape[0]
  # the accumulator differs per device once updated: mark it device-varying up front
  out = jax.lax.pvary(jnp.zeros((block * n, rhs.shape[1]), lhs.dtype), axis_name)

  def body(i, carry):
    out, lhs = carry
    update = lhs @ rhs
    out = jax.lax.dynamic_update_slice_in_dim(out, update, ((idx + i) % n) * block, axis=0)
    return out, shift(lhs)

  out, _ = jax.lax.fori_loop(0, n, body, (out, lhs))
  return out
