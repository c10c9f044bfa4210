"""Small ResNet-style CNN with cross-replica BatchNorm (as in flax/examples/imagenet)."""
from functools import partial
from typing import Any

import flax.linen as nn
import jax.numpy as jnp


class ResBlock(nn.Module):
  filters: int
  norm: Any

  @nn.compact
  def __call__(self, x):
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(x)
    y = self.norm()(y)
    y = nn.relu(y)
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(y)
    y = self.norm(scale_init=nn.initializers.zeros_init())(y)
    return nn.relu(x + y)


class SmallResNet(nn.Module):
  num_classes: int = 10
  width: int = 32

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                   epsilon=1e-5, axis_name='batch')
    x = nn.Conv(self.width, (3, 3), use_bias=False, name='conv_init')(x)
    x = norm(name='bn_init')(x)
    x = nn.relu(x)
    for _ in range(2):
      x = ResBlock(self.width, norm)(x)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
