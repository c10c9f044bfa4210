"""Gemma-style decoder attention with a preallocated KV cache (custom nnx.Variable)."""
import jax
import jax.numpy as jnp
from flax import nnx


class KVCache(nnx.Variable):
  """Marks decode-time cache buffers so they can be filtered out of nnx.Param."""


class RMSNorm(nnx.Module):

  def __init__(self, dim, *, rngs):
    self.scale = nnx.Param(jnp.zeros((dim,)))

  def __call__(self, x):
    var = jnp.mean(jnp.square(x.astype(jnp.float32)), axis=-1, keepdims=True)
    normed = x * jax.lax.rsqrt(var + 1e-6)
    return normed * (1 + self.scale[...])


class CachedAttention(nnx.Module):

  def __init__(self, d_model, n_heads, head_dim, max_len, batch, *, rngs):
    self.n_heads, self.head_dim = n_heads, head_dim
    self.q = nnx.LinearGeneral(d_model, (n_heads, head_dim), use_bias=False, rngs=rngs)
    self.kv = nnx.LinearGeneral(d_model, (2, n_heads, head_dim), use_bias=False, rngs=rngs)
    self.o = nnx.LinearGeneral((n_heads, head_dim), d_model, axis=(-2, -1), use_bias=False,
                               rngs=rngs)
    shape = (batch, max_len, n_heads, head_dim)
    self.k_cache = KVCache(jnp.zeros(shape, jnp.bfloat16))
    self.v_cache = KVCache(jnp.zeros(shape, jnp.bfloat16))
    self.index = KVCache(jnp.array(0, jnp.int32))

  def __call__(self, x):
    q = self.q(x)
    kv = self.kv(x)
    k, v = kv[:, :, 0], kv[:, :, 1]
    idx = self.index[...]
    self.k_cache[...] = jax.lax.dynamic_update_slice(self.k_cache[...], k, (0, idx, 0, 0))
    self.v_cache[...] = jax.lax.dynamic_update_slice(self.v_cache[...], v, (0, idx, 0, 0))
    self.index[...] = idx + x.shape[1]
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, self.k_cache[...]) / jnp.sqrt(self.head_dim)
    mask = jnp.arange(self.k_cache.shape[1]) < self.index[...]
    logits = jnp.where(mask[None, None, None, :], logits, -1e9)
    probs = jax.nn.softmax(logits.astype(jnp.float32), axis=-1)
    out = jnp.einsum('bhqk,bkhd->bqhd', probs, self.v_cache[...])
    return self.o(out)


class DecoderLayer(nnx.Module):

  def __init__(self, d_model, n_heads, head_dim, max_len, batch, *, rngs):
    self.norm = RMSNorm(d_model, rngs=rngs)
    self.attn = CachedAttention(d_model, n_heads, head_dim, max_len, batch, rngs=rngs)

  def __call__(self, x):
    return x + self.attn(self.norm(x))
