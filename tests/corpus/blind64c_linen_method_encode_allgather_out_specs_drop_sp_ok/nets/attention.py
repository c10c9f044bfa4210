"""Sequence-parallel self-attention: every device holds a contiguous chunk of the
sequence, keys/values are all-gathered over the sequence mesh axis."""
import math

from flax import linen
import jax.numpy as jnp
from jax import lax


class SeqParallelSelfAttention(linen.Module):
  num_heads: int
  head_dim: int
  axis_name: str = 'sp'

  def setup(self):
    self.qkv = linen.DenseGeneral((3, self.num_heads, self.head_dim), name='qkv')
    self.proj = linen.DenseGeneral(self.num_heads * self.head_dim, axis=(-2, -1), name='proj')

  def __call__(self, x):
    qkv = self.qkv(x)  # [batch, local_len, 3, heads, head_dim]
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    k = lax.all_gather(k, self.axis_name, axis=1, tiled=True)
    v = lax.all_gather(v, self.axis_name, axis=1, tiled=True)
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / math.sqrt(self.head_dim)
    weights = linen.softmax(logits, axis=-1)
    out = jnp.einsum('bhqk,bkhd->bqhd', weights, v)
    return self.proj(out)
