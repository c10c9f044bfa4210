import jax
import jax.numpy as jnp
from flax import nnx

SEQ_AXIS = "seq"


class SeqParallelAttention(nnx.Module):
  """Each device holds a chunk of the sequence; keys/values are gathered."""

  def __init__(self, d, heads, *, rngs):
    self.heads = heads
    self.qkv = nnx.Linear(d, 3 * d, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(d, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    b, t, d = x.shape
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    k = jax.lax.all_gather(k, SEQ_AXIS, axis=1, tiled=True)
    v = jax.lax.all_gather(v, SEQ_AXIS, axis=1, tiled=True)
    q = q.reshape(b, t, self.heads, -1)
    k = k.reshape(b, k.shape[1], self.heads, -1)
    v = v.reshape(b, v.shape[1], self.heads, -1)
    att = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1])
    y = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(att, -1), v)
    return self.out(y.reshape(b, t, d))


class TransformerBlock(nnx.Module):
  def __init__(self, d, heads, *, rngs):
    self.ln1 = nnx.LayerNorm(d, rngs=rngs)
    self.attn = SeqParallelAttention(d, heads, rngs=rngs)
    self.ln2 = nnx.LayerNorm(d, rngs=rngs)
    self.mlp = nnx.Sequential(nnx.Linear(d, 4 * d, rngs=rngs), nnx.gelu,
                              nnx.Linear(4 * d, d, rngs=rngs))

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.mlp(self.ln2(x))
