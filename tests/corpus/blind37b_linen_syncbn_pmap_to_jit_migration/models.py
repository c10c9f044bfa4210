from functools import partial
from typing import Any

import flax.linen as nn
import jax.numpy as jnp


class ResNetBlock(nn.Module):
  filters: int
  norm: Any

  @nn.compact
  def __call__(self, x):
    residual = x
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(x)
    y = self.norm()(y)
    y = nn.relu(y)
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(y)
    y = self.norm(scale_init=nn.initializers.zeros_init())(y)
    return nn.relu(residual + y)


class TinyResNet(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                   epsilon=1e-5, dtype=jnp.float32, axis_name='batch')
    x = nn.Conv(16, (3, 3), use_bias=False)(x)
    x = ResNetBlock(16, norm)(x)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
