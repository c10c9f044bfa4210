import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax as L


def seq_to_heads(x, axis_name):
  # [b, t/n, h, d] -> [b, t, h/n, d]
  return L.all_to_all(x, axis_name, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x, axis_name):
  # [b, t, h/n, d] -> [b, t/n, h, d]
  return L.all_to_all(x, axis_name, split_axis=1, concat_axis=2, tiled=True)


class UlyssesAttention(nnx.Module):
  def __init__(self, dim, num_heads, *, sp_axis, rngs):
    self.num_heads = num_heads
    self.head_dim = dim // num_heads
    self.qkv = nnx.LinearGeneral(dim, (3, num_heads, self.head_dim), rngs=rngs)
    self.out = nnx.LinearGeneral((num_heads, self.head_dim), dim, axis=(-2, -1), rngs=rngs)
    self.sp_axis = sp_axis

  def __call__(self, x):
    qkv = self.qkv(x)                            # [b, t/n, 3, h, d]
    q, k, v = (seq_to_heads(qkv[:, :, i], self.sp_axis) for i in range(3))
    o = nnx.dot_product_attention(q, k, v)       # full sequence, local heads
    return self.out(heads_to_seq(o, self.sp_axis))


class Block(nnx.Module):
  def __init__(self, dim, num_heads, *, sp_axis, rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.attn = UlyssesAttention(dim, num_heads, sp_axis=sp_axis, rngs=rngs)

  def __call__(self, x):
    return x + self.attn(self.norm(x))
