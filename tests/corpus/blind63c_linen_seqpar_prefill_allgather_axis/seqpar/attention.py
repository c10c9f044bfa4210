import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class ContextParallelAttention(nn.Module):
  num_heads: int
  head_dim: int
  seq_axis: str = 'seq'   # mesh axis the sequence dimension is split over

  def setup(self):
    self.qkv = nn.DenseGeneral((3, self.num_heads, self.head_dim), use_bias=False)
    self.out = nn.DenseGeneral(self.num_heads * self.head_dim, axis=(-2, -1), use_bias=False)

  def _attend(self, q, k, v):
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(self.head_dim).astype(q.dtype)
    probs = jax.nn.softmax(logits, axis=-1)
    return self.out(jnp.einsum('bhqk,bkhd->bqhd', probs, v))

  def __call__(self, x):
    # single-device reference path (also used for init)
    q, k, v = jnp.moveaxis(self.qkv(x), 2, 0)
    return self._attend(q, k, v)

  def prefill(self, x):
    # x: (batch, local_seq, d); each device holds a contiguous chunk of the sequence
    q, k, v = jnp.moveaxis(self.qkv(x), 2, 0)
    k = lax.all_gather(k, self.seq_axis, axis=1, tiled=True)
    v = lax.all_gather(v, self.seq_axis, axis=1, tiled=True)
    return self._attend(q, k, v)
