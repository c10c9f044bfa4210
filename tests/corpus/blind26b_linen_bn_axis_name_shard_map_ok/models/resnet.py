import functools
from typing import Any

import flax.linen as nn
import jax.numpy as jnp


class ResBlock(nn.Module):
  filters: int
  norm: Any

  @nn.compact
  def __call__(self, x):
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(x)
    y = nn.relu(self.norm()(y))
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(y)
    y = self.norm(scale_init=nn.initializers.zeros)(y)
    return nn.relu(x + y)


class TinyResNet(nn.Module):
  num_classes: int = 10
  filters: int = 16

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = functools.partial(nn.BatchNorm, use_running_average=not train,
                             momentum=0.9, epsilon=1e-5, axis_name='batch')
    x = nn.Conv(self.filters, (3, 3), use_bias=False)(x)
    x = nn.relu(norm()(x))
    for _ in range(2):
      x = ResBlock(self.filters, norm)(x)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
