import jax
import jax.numpy as jnp
from flax import nnx


class TPAttention(nnx.Module):

  def __init__(self, dim, num_heads, *, rngs, tp_axis='tp'):
    self.head_dim = dim // num_heads
    self.qkv = nnx.LinearGeneral(dim, (3, num_heads, self.head_dim),
                                 use_bias=False, rngs=rngs)
    self.out = nnx.LinearGeneral((num_heads, self.head_dim), dim, axis=(-2, -1),
                                 use_bias=False, rngs=rngs)
    self.tp_axis = tp_axis

  def __call__(self, x):
    qkv = self.qkv(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    o = jax.nn.dot_product_attention(q, k, v, is_causal=True)
    return jax.lax.psum(self.out(o), self.tp_axis)
