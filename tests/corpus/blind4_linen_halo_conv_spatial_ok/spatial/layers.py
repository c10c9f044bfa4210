import flax.linen as nn
import jax.numpy as jnp

from .halo import exchange_halo


class HaloConv(nn.Module):
  features: int
  axis_name: str
  num_shards: int

  @nn.compact
  def __call__(self, x):
    x = exchange_halo(x, self.axis_name, self.num_shards)
    x = jnp.pad(x, ((0, 0), (0, 0), (1, 1), (0, 0)))
    return nn.Conv(self.features, (3, 3), padding='VALID')(x)


class ConvBlock(nn.Module):
  features: int
  axis_name: str = 'space'
  num_shards: int = 4

  @nn.compact
  def __call__(self, x):
    for i in range(2):
      x = HaloConv(self.features, self.axis_name, self.num_shards, name=f'conv_{i}')(x)
      x = nn.GroupNorm(num_groups=4, name=f'norm_{i}')(x)
      x = nn.swish(x)
    return x
