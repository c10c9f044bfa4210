import jax
import jax.numpy as jnp
from flax import nnx


class Attention(nnx.Module):

  def __init__(self, d_model: int, num_heads: int, *, rngs: nnx.Rngs):
    self.num_heads = num_heads
    self.head_dim = d_model // num_heads
    self.qkv = nnx.LinearGeneral(d_model, (3, num_heads, self.head_dim),
                                 use_bias=False, rngs=rngs)
    self.out = nnx.LinearGeneral((num_heads, self.head_dim), d_model,
                                 axis=(-2, -1), rngs=rngs)

  def project(self, x):
    qkv = self.qkv(x)
    return qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]      # [b, s, h, d]

  def __call__(self, x):
    q, k, v = self.project(x)
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(self.head_dim)
    o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, axis=-1), v)
    return self.out(o)
