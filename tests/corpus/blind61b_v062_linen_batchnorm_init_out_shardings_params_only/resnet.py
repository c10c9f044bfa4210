from functools import partial

import flax.linen as nn
import jax.numpy as jnp

conv_init = nn.with_partitioning(nn.initializers.kaiming_normal(), (None, None, None, "model"))


class ResidualBlock(nn.Module):
  filters: int

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9)
    y = nn.Conv(self.filters, (3, 3), kernel_init=conv_init, use_bias=False)(x)
    y = nn.relu(norm()(y))
    y = nn.Conv(self.filters, (3, 3), kernel_init=conv_init, use_bias=False)(y)
    y = norm(scale_init=nn.initializers.zeros_init())(y)
    return nn.relu(x + y)


class TinyResNet(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(64, (3, 3), kernel_init=conv_init)(x)
    for _ in range(2):
      x = ResidualBlock(64)(x, train)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
