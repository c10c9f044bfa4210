import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn

SP_AXIS = 'sp'


def seq_to_heads(x):
  # [b, s/sp, h, dh] -> [b, s, h/sp, dh]
  return lax.all_to_all(x, SP_AXIS, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x):
  # [b, s, h/sp, dh] -> [b, s/sp, h, dh]
  return lax.all_to_all(x, SP_AXIS, split_axis=1, concat_axis=2, tiled=True)


class SelfAttention(nn.Module):
  num_heads: int
  head_dim: int

  def setup(self):
    self.qkv = nn.DenseGeneral((3, self.num_heads, self.head_dim))
    self.out = nn.DenseGeneral(self.num_heads * self.head_dim, axis=(-2, -1))

  def __call__(self, x):
    q, k, v = jnp.moveaxis(self.qkv(x), -3, 0)
    attn = jax.nn.dot_product_attention(q, k, v, is_causal=True)
    return self.out(attn)

  def attend(self, x):
    q, k, v = jnp.moveaxis(self.qkv(x), -3, 0)
    q, k, v = seq_to_heads(q), seq_to_heads(k), seq_to_heads(v)
    attn = jax.nn.dot_product_attention(q, k, v, is_causal=True)
    return self.out(heads_to_seq(attn))
