import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

SEQ = "seq"


class EncoderBlock(nn.Module):
  dim: int
  heads: int = 4

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm()(x)
    q = nn.Dense(self.dim, name="q")(h)
    k = nn.Dense(self.dim, name="k")(h)
    v = nn.Dense(self.dim, name="v")(h)
    # Every sequence shard attends over the full sequence.
    k = lax.all_gather(k, SEQ, axis=1, tiled=True)
    v = lax.all_gather(v, SEQ, axis=1, tiled=True)
    b, t, _ = q.shape
    q = q.reshape(b, t, self.heads, -1)
    k = k.reshape(b, k.shape[1], self.heads, -1)
    v = v.reshape(b, v.shape[1], self.heads, -1)
    attn = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]), -1)
    o = jnp.einsum("bhqk,bkhd->bqhd", attn, v).reshape(b, t, self.dim)
    x = x + nn.Dense(self.dim, name="o")(o)
    h = nn.LayerNorm()(x)
    return x + nn.Dense(self.dim)(nn.gelu(nn.Dense(4 * self.dim)(h)))
