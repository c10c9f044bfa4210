from functools import partial
from typing import Any

import flax.linen as nn
import jax.numpy as jnp

ModuleDef = Any


class SmallResNet(nn.Module):
  num_classes: int = 10
  num_filters: int = 16
  dtype: Any = jnp.float32

  @nn.compact
  def __call__(self, x, train: bool = True):
    conv = partial(nn.Conv, use_bias=False, dtype=self.dtype)
    norm = partial(nn.BatchNorm, use_running_average=not train,
                   momentum=0.9, epsilon=1e-5, dtype=self.dtype)
    x = conv(self.num_filters, (3, 3), name='conv_init')(x)
    x = norm(name='bn_init')(x)
    x = nn.relu(x)
    residual = x
    y = conv(self.num_filters, (3, 3))(x)
    y = norm()(y)
    y = nn.relu(y)
    y = conv(self.num_filters, (3, 3))(y)
    y = norm(scale_init=nn.initializers.zeros_init())(y)
    x = nn.relu(residual + y)
    x = jnp.mean(x, axis=(1, 2))
    x = nn.Dense(self.num_classes, dtype=self.dtype)(x)
    return x
