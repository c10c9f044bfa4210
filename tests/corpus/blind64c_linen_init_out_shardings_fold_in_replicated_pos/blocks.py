"""Megatron sequence-parallel MLP block (all-gather in, reduce-scatter out)."""
from flax import linen as nn
import jax
import jax.numpy as jnp


class SeqParallelMLP(nn.Module):
  max_len: int
  hidden: int
  axis: str = 'model'

  @nn.compact
  def __call__(self, x):
    b, local_len, d = x.shape
    tp = jax.lax.psum(1, self.axis)
    pos = self.param('pos_emb', nn.initializers.normal(0.02), (self.max_len, d))
    start = jax.lax.axis_index(self.axis) * local_len
    x = x + jax.lax.dynamic_slice_in_dim(pos, start, local_len, axis=0)

    h = nn.LayerNorm(name='ln')(x)
    h = jax.lax.all_gather(h, self.axis, axis=1, tiled=True)          # [b, len, d]
    h = nn.Dense(self.hidden // tp, name='wi')(h)                       # column parallel
    h = nn.gelu(h)
    h = nn.Dense(d, use_bias=False, name='wo')(h)                       # row parallel
    h = jax.lax.psum_scatter(h, self.axis, scatter_dimension=1, tiled=True)
    return x + h
