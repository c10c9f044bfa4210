import jax.numpy as jnp
from jax import lax
from flax import nnx

SEQ_AXIS = "seq"


class ContextParallelAttention(nnx.Module):
  """Each device holds a contiguous chunk of the sequence; K/V are gathered from all chunks."""

  def __init__(self, d_model: int, num_heads: int, *, rngs: nnx.Rngs):
    self.num_heads = num_heads
    self.qkv = nnx.Linear(d_model, 3 * d_model, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    b, s, d = x.shape
    h = self.num_heads
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    q, k, v = (t.reshape(b, s, h, d // h) for t in (q, k, v))
    k = lax.all_gather(k, SEQ_AXIS, axis=1, tiled=True)
    v = lax.all_gather(v, SEQ_AXIS, axis=1, tiled=True)
    o = nnx.dot_product_attention(q, k, v)
    return self.out(o.reshape(b, s, d))


class Block(nnx.Module):
  def __init__(self, d_model: int, num_heads: int, *, rngs: nnx.Rngs):
    self.ln1 = nnx.LayerNorm(d_model, rngs=rngs)
    self.attn = ContextParallelAttention(d_model, num_heads, rngs=rngs)
    self.ln2 = nnx.LayerNorm(d_model, rngs=rngs)
    self.mlp_in = nnx.Linear(d_model, 4 * d_model, rngs=rngs)
    self.mlp_out = nnx.Linear(4 * d_model, d_model, rngs=rngs)

  def __call__(self, x):
    x = x + self.attn(self.ln1(x))
    return x + self.mlp_out(nnx.gelu(self.mlp_in(self.ln2(x))))
