import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

from .cache import CacheIndex, KVCache

init_fn = nnx.initializers.lecun_normal()
CACHE_SHARDING = ('data', None, 'model', None)


class Attention(nnx.Module):

  def __init__(self, dim: int, num_heads: int, head_dim: int, *, rngs: nnx.Rngs):
    self.num_heads, self.head_dim = num_heads, head_dim
    self.q_proj = nnx.LinearGeneral(
        dim, (num_heads, head_dim), use_bias=False, rngs=rngs,
        kernel_init=nnx.with_partitioning(init_fn, (None, 'model', None)))
    self.kv_proj = nnx.LinearGeneral(
        dim, (2, num_heads, head_dim), use_bias=False, rngs=rngs,
        kernel_init=nnx.with_partitioning(init_fn, (None, None, 'model', None)))
    self.o_proj = nnx.LinearGeneral(
        (num_heads, head_dim), dim, axis=(-2, -1), use_bias=False, rngs=rngs,
        kernel_init=nnx.with_partitioning(init_fn, ('model', None, None)))

  def init_cache(self, batch: int, max_len: int, dtype=jnp.bfloat16):
    shape = (batch, max_len, self.num_heads, self.head_dim)
    self.k_cache = KVCache(jnp.zeros(shape, dtype), out_sharding=CACHE_SHARDING)
    self.v_cache = KVCache(jnp.zeros(shape, dtype), out_sharding=CACHE_SHARDING)
    self.cache_index = CacheIndex(jnp.zeros((), jnp.int32))

  def __call__(self, x):
    # x: [batch, 1, dim] -- one new token per sequence
    q = self.q_proj(x)
    kv = self.kv_proj(x)
    k, v = kv[:, :, 0], kv[:, :, 1]
    idx = self.cache_index[...]
    k_cache = lax.dynamic_update_slice(self.k_cache[...], k.astype(self.k_cache.dtype), (0, idx, 0, 0))
    v_cache = lax.dynamic_update_slice(self.v_cache[...], v.astype(self.v_cache.dtype), (0, idx, 0, 0))
    self.k_cache[...] = k_cache
    self.v_cache[...] = v_cache
    self.cache_index[...] = idx + 1

    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k_cache.astype(q.dtype))
    logits = logits / jnp.sqrt(self.head_dim).astype(q.dtype)
    valid = jnp.arange(k_cache.shape[1]) <= idx
    logits = jnp.where(valid[None, None, None, :], logits, -1e9)
    probs = jax.nn.softmax(logits, axis=-1)
    out = jnp.einsum('bhqk,bkhd->bqhd', probs, v_cache.astype(q.dtype))
    return self.o_proj(out)


class FeedForward(nnx.Module):

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.gate = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init_fn, (None, 'model')))
    self.up = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs,
                         kernel_init=nnx.with_partitioning(init_fn, (None, 'model')))
    self.down = nnx.Linear(hidden, dim, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init_fn, ('model', None)))

  def __call__(self, x):
    return self.down(jax.nn.gelu(self.gate(x)) * self.up(x))
