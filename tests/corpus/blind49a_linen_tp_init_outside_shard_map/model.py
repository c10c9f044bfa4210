from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp


class TPBlock(nn.Module):
  """Row-parallel projection; partial sums are combined over `axis_name`."""
  features: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features * 2, use_bias=False, name='up')(x)
    y = nn.Dense(self.features, use_bias=False, name='down')(nn.gelu(h))
    return jax.lax.psum(y, self.axis_name)


class Encoder(nn.Module):
  features: int
  num_layers: int = 2

  def setup(self):
    RematBlock = nn.remat(TPBlock)
    self.blocks = [RematBlock(self.features) for _ in range(self.num_layers)]
    self.norm = nn.LayerNorm()

  def encode(self, x):
    for blk in self.blocks:
      x = x + blk(x)
    return self.norm(x)

  def __call__(self, x):
    return self.encode(x).mean(axis=-1)
