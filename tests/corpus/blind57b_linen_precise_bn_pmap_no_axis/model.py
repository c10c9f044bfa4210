import functools

import flax.linen as nn
import jax.numpy as jnp


class Block(nn.Module):
  features: int
  train: bool

  @nn.compact
  def __call__(self, x):
    bn = functools.partial(nn.BatchNorm, use_running_average=not self.train, momentum=0.9,
                           axis_name='batch')
    y = nn.Conv(self.features, (3, 3), use_bias=False)(x)
    y = nn.relu(bn()(y))
    y = nn.Conv(self.features, (3, 3), use_bias=False)(y)
    y = bn(scale_init=nn.initializers.zeros)(y)
    return nn.relu(x + y)


class SmallResNet(nn.Module):
  num_classes: int = 10
  width: int = 32

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(self.width, (3, 3), use_bias=False)(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name='batch')(x)
    x = nn.relu(x)
    for _ in range(3):
      x = Block(self.width, train)(x)
    return nn.Dense(self.num_classes)(jnp.mean(x, axis=(1, 2)))
