"""Single-layer GQA decoder attention with a KV cache (Llama-style), Flax NNX."""
import math

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


def rope(x, pos, theta=10000.0):
  # x: (B, T, H, D); pos: scalar start position
  d = x.shape[-1]
  freqs = 1.0 / (theta ** (jnp.arange(0, d, 2, dtype=jnp.float32) / d))
  t = pos + jnp.arange(x.shape[1], dtype=jnp.float32)
  ang = t[:, None] * freqs[None, :]
  sin, cos = jnp.sin(ang)[None, :, None, :], jnp.cos(ang)[None, :, None, :]
  x1, x2 = jnp.split(x.astype(jnp.float32), 2, axis=-1)
  out = jnp.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)
  return out.astype(x.dtype)


class DecoderAttention(nnx.Module):
  def __init__(self, d_model, n_heads, n_kv_heads, head_dim, batch, max_len, *, rngs: nnx.Rngs):
    self.n_heads, self.n_kv_heads, self.head_dim = n_heads, n_kv_heads, head_dim
    self.q_proj = nnx.Linear(d_model, n_heads * head_dim, use_bias=False, rngs=rngs)
    self.k_proj = nnx.Linear(d_model, n_kv_heads * head_dim, use_bias=False, rngs=rngs)
    self.v_proj = nnx.Linear(d_model, n_kv_heads * head_dim, use_bias=False, rngs=rngs)
    self.o_proj = nnx.Linear(n_heads * head_dim, d_model, use_bias=False, rngs=rngs)
    cache_shape = (batch, max_len, n_kv_heads, head_dim)
    self.cache_k = nnx.Cache(jnp.zeros(cache_shape, jnp.bfloat16))
    self.cache_v = nnx.Cache(jnp.zeros(cache_shape, jnp.bfloat16))
    self.index = nnx.Cache(jnp.array(0, jnp.int32))

  def __call__(self, x):  # x: (B, 1, d_model), one decode step
    b = x.shape[0]
    q = self.q_proj(x).reshape(b, 1, self.n_heads, self.head_dim)
    k = self.k_proj(x).reshape(b, 1, self.n_kv_heads, self.head_dim)
    v = self.v_proj(x).reshape(b, 1, self.n_kv_heads, self.head_dim)
    i = self.index.value
    q, k = rope(q, i), rope(k, i)
    self.cache_k.value = lax.dynamic_update_slice(self.cache_k.value, k.astype(jnp.bfloat16), (0, i, 0, 0))
    self.cache_v.value = lax.dynamic_update_slice(self.cache_v.value, v.astype(jnp.bfloat16), (0, i, 0, 0))
    self.index.value = i + 1

    groups = self.n_heads // self.n_kv_heads
    keys = jnp.repeat(self.cache_k.value, groups, axis=2).astype(q.dtype)
    values = jnp.repeat(self.cache_v.value, groups, axis=2).astype(q.dtype)
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, keys) / math.sqrt(self.head_dim)
    valid = jnp.arange(keys.shape[1]) <= i
    scores = jnp.where(valid[None, None, None, :], scores, jnp.finfo(scores.dtype).min)
    probs = jax.nn.softmax(scores, axis=-1)
    out = jnp.einsum("bhqk,bkhd->bqhd", probs, values).reshape(b, 1, -1)
    return self.o_proj(out)
