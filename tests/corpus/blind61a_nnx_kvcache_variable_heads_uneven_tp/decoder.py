import jax
import jax.numpy as jnp
from flax import nnx

TP = "tp"


class KVCache(nnx.Variable):
  """Decode-time key/value cache; kept apart from Params when splitting."""


class CachedAttention(nnx.Module):

  def __init__(self, dim, num_heads, head_dim, batch, max_len, *, rngs: nnx.Rngs):
    self.num_heads, self.head_dim = num_heads, head_dim
    self.q = nnx.LinearGeneral(dim, (num_heads, head_dim), use_bias=False, rngs=rngs)
    self.k = nnx.LinearGeneral(dim, (num_heads, head_dim), use_bias=False, rngs=rngs)
    self.v = nnx.LinearGeneral(dim, (num_heads, head_dim), use_bias=False, rngs=rngs)
    self.o = nnx.LinearGeneral((num_heads, head_dim), dim, axis=(-2, -1), use_bias=False, rngs=rngs)
    shape = (batch, max_len, num_heads, head_dim)
    self.cache_k = KVCache(jnp.zeros(shape, jnp.float32))
    self.cache_v = KVCache(jnp.zeros(shape, jnp.float32))

  def __call__(self, x, pos):
    # x: (batch, 1, dim) -- one new token per sequence
    q, k, v = self.q(x), self.k(x), self.v(x)
    self.cache_k[...] = jax.lax.dynamic_update_slice_in_dim(self.cache_k[...], k, pos, axis=1)
    self.cache_v[...] = jax.lax.dynamic_update_slice_in_dim(self.cache_v[...], v, pos, axis=1)
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, self.cache_k[...]) / jnp.sqrt(self.head_dim)
    mask = jnp.arange(self.cache_k.shape[1]) <= pos
    scores = jnp.where(mask[None, None, None, :], scores, -1e9)
    ctx = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(scores, axis=-1), self.cache_v[...])
    # heads are split over TP: partial output projections must be summed
    return jax.lax.psum(self.o(ctx), TP)
