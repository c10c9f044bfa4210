from functools import partial

import jax.numpy as jnp
import flax.linen as nn


class ResNetBlock(nn.Module):
  filters: int
  norm: partial

  @nn.compact
  def __call__(self, x):
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(x)
    y = nn.relu(self.norm()(y))
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(y)
    y = self.norm(scale_init=nn.initializers.zeros_init())(y)
    return nn.relu(x + y)


class ResNet(nn.Module):
  num_classes: int = 10
  width: int = 8
  bn_axis: str = 'batch'

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9, epsilon=1e-5,
                   axis_name=self.bn_axis)
    x = nn.Conv(self.width, (3, 3), use_bias=False, name='stem')(x)
    x = nn.relu(norm(name='bn_stem')(x))
    for _ in range(2):
      x = ResNetBlock(self.width, norm)(x)
    return nn.Dense(self.num_classes)(jnp.mean(x, axis=(1, 2)))
