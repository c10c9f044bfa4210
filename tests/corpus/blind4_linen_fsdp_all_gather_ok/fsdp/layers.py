"""Fully-sharded layers: every kernel is stored split over the `fsdp` axis along its input
dimension and gathered just in time."""
import flax.linen as nn
from jax import lax
import jax.numpy as jnp


class FSDPDense(nn.Module):
  features: int
  shards: int
  axis_name: str = 'fsdp'

  @nn.compact
  def __call__(self, x):
    local = self.param('kernel', nn.initializers.lecun_normal(),
                       (x.shape[-1] // self.shards, self.features))
    kernel = lax.all_gather(local, self.axis_name, axis=0, tiled=True)
    bias = self.param('bias', nn.initializers.zeros_init(), (self.features,))
    return x @ kernel + bias


class FSDPMLP(nn.Module):
  widths: tuple
  shards: int
  axis_name: str = 'fsdp'

  @nn.compact
  def __call__(self, x):
    for i, w in enumerate(self.widths[:-1]):
      x = nn.gelu(FSDPDense(w, self.shards, self.axis_name, name=f'dense_{i}')(x))
    return FSDPDense(self.widths[-1], self.shards, self.axis_name, name='out')(x)
