import functools

import flax.linen as nn
import jax.numpy as jnp


class ConvBlock(nn.Module):
  features: int
  axis_name: str | None = 'batch'

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = functools.partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                             epsilon=1e-5, axis_name=self.axis_name)
    y = nn.Conv(self.features, (3, 3), use_bias=False)(x)
    y = norm()(y)
    y = nn.relu(y)
    y = nn.Conv(self.features, (3, 3), use_bias=False)(y)
    y = norm(scale_init=nn.initializers.zeros)(y)
    return nn.relu(x + y)


class TinyResNet(nn.Module):
  num_classes: int = 10
  width: int = 16

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(self.width, (3, 3))(x)
    for _ in range(2):
      x = ConvBlock(self.width)(x, train)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
