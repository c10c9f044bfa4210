"""Per-layer KV cache kept as dense [batch, max_len, kv_heads, head_dim] buffers."""
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax


class KVCache(NamedTuple):
  k: jnp.ndarray
  v: jnp.ndarray


def init_cache(batch, max_len, n_kv_heads, head_dim, dtype=jnp.bfloat16):
  shape = (batch, max_len, n_kv_heads, head_dim)
  return KVCache(jnp.zeros(shape, dtype), jnp.zeros(shape, dtype))


def write(cache: KVCache, k_new, v_new, pos):
  """Insert one decode step (k_new/v_new: [batch, 1, kv_heads, head_dim]) at `pos`."""
  idx = (0, pos, 0, 0)
  return KVCache(lax.dynamic_update_slice(cache.k, k_new.astype(cache.k.dtype), idx),
                 lax.dynamic_update_slice(cache.v, v_new.astype(cache.v.dtype), idx))
