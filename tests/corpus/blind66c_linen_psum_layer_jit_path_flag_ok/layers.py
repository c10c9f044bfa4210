from typing import Optional

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class ShardedSelfAttention(nn.Module):
  """Heads are split over `tp_axis`; each shard holds num_heads // tp_size heads."""
  d_model: int
  num_heads: int
  head_dim: int
  tp_axis: Optional[str] = None

  def setup(self):
    self.qkv = nn.DenseGeneral((3, self.num_heads, self.head_dim), use_bias=False)
    self.out = nn.DenseGeneral(self.d_model, axis=(-2, -1), use_bias=False)

  def encode(self, x):
    q, k, v = jnp.split(self.qkv(x), 3, axis=2)
    q, k, v = q[:, :, 0], k[:, :, 0], v[:, :, 0]
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(self.head_dim)
    ctx = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(logits, -1), v)
    y = self.out(ctx)
    if self.tp_axis is not None:
      y = lax.psum(y, self.tp_axis)
    return y

  def __call__(self, x):
    return x + self.encode(x)
