"""Megatron-style MLP whose hidden activations stay sharded over the tensor axis; the
normalisation over the (sharded) hidden dim needs a psum of the sum of squares."""
import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class ShardedRMSNorm(nn.Module):
  axis_name: str = 'model'
  eps: float = 1e-6

  @nn.compact
  def __call__(self, h):
    scale = self.param('scale', nn.initializers.ones, (h.shape[-1],))
    sum_sq = lax.psum(jnp.sum(h * h, axis=-1, keepdims=True), self.axis_name)
    width = lax.psum(h.shape[-1], self.axis_name)
    return h * lax.rsqrt(sum_sq / width + self.eps) * scale


class TPMLP(nn.Module):
  d_model: int
  d_ff_local: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(nn.Dense(self.d_ff_local, name='up')(x))
    h = ShardedRMSNorm(self.axis_name, name='norm')(h)
    y = nn.Dense(self.d_model, use_bias=False, name='down')(h)
    y = lax.psum(y, self.axis_name)
    return y + self.param('out_bias', nn.initializers.zeros, (self.d_model,))
