import jax
import jax.numpy as jnp
from flax import nnx


class CacheIndex(nnx.Variable):
  pass


class DecodeAttention(nnx.Module):

  def __init__(self, dim, max_len, batch, *, rngs: nnx.Rngs):
    self.q_proj = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
    self.kv_proj = nnx.Linear(dim, 2 * dim, use_bias=False, rngs=rngs)
    self.o_proj = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
    self.k = nnx.Cache(jnp.zeros((batch, max_len, dim)))
    self.v = nnx.Cache(jnp.zeros((batch, max_len, dim)))
    self.index = CacheIndex(jnp.array(0, jnp.int32))
    self.scale = dim ** -0.5

  def __call__(self, x):                       # x: (batch, 1, dim)
    k, v = jnp.split(self.kv_proj(x), 2, axis=-1)
    i = self.index[...]
    self.k[...] = jax.lax.dynamic_update_slice_in_dim(self.k[...], k, i, axis=1)
    self.v[...] = jax.lax.dynamic_update_slice_in_dim(self.v[...], v, i, axis=1)
    self.index[...] = i + 1
    q = self.q_proj(x)
    att = jnp.einsum('bqd,bkd->bqk', q, self.k[...]) * self.scale
    att = jnp.where(jnp.arange(self.k.shape[1]) <= i, att, -jnp.inf)
    out = jnp.einsum('bqk,bkd->bqd', jax.nn.softmax(att, axis=-1), self.v[...])
    return self.o_proj(out)
