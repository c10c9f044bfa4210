import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import nnx


class SeqParallelSelfAttention(nnx.Module):
  """Each device holds a contiguous chunk of the sequence; K/V are all-gathered."""

  def __init__(self, d, num_heads, *, seq_axis, rngs):
    self.num_heads = num_heads
    self.seq_axis = seq_axis
    self.qkv = nnx.Linear(d, 3 * d, use_bias=False, rngs=rngs)
    self.proj = nnx.Linear(d, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    b, t, d = x.shape
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    k = lax.all_gather(k, self.seq_axis, axis=1, tiled=True)
    v = lax.all_gather(v, self.seq_axis, axis=1, tiled=True)
    h = self.num_heads
    q = q.reshape(b, t, h, d // h)
    k = k.reshape(b, -1, h, d // h)
    v = v.reshape(b, -1, h, d // h)
    out = jax.nn.dot_product_attention(q, k, v)
    return self.proj(out.reshape(b, t, d))


class Block(nnx.Module):
  def __init__(self, d, num_heads, *, seq_axis, rngs):
    self.ln1 = nnx.LayerNorm(d, rngs=rngs)
    self.attn = SeqParallelSelfAttention(d, num_heads, seq_axis=seq_axis, rngs=rngs)
    self.ln2 = nnx.LayerNorm(d, rngs=rngs)
    self.mlp = nnx.Sequential(nnx.Linear(d, 4 * d, rngs=rngs), nnx.gelu,
                              nnx.Linear(4 * d, d, rngs=rngs))

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.mlp(self.ln2(x))
