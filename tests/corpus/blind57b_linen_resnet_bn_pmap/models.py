from functools import partial
from typing import Any, Callable, Sequence

import flax.linen as nn
import jax.numpy as jnp

ModuleDef = Any


class ResNetBlock(nn.Module):
  filters: int
  conv: ModuleDef
  norm: ModuleDef
  act: Callable
  strides: tuple = (1, 1)

  @nn.compact
  def __call__(self, x):
    residual = x
    y = self.conv(self.filters, (3, 3), self.strides)(x)
    y = self.norm()(y)
    y = self.act(y)
    y = self.conv(self.filters, (3, 3))(y)
    y = self.norm(scale_init=nn.initializers.zeros_init())(y)
    if residual.shape != y.shape:
      residual = self.conv(self.filters, (1, 1), self.strides, name='conv_proj')(residual)
      residual = self.norm(name='norm_proj')(residual)
    return self.act(residual + y)


class ResNet(nn.Module):
  stage_sizes: Sequence[int]
  num_classes: int
  num_filters: int = 16
  dtype: Any = jnp.float32

  @nn.compact
  def __call__(self, x, train: bool = True):
    conv = partial(nn.Conv, use_bias=False, dtype=self.dtype)
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9, epsilon=1e-5,
                   dtype=self.dtype, axis_name='batch')
    x = conv(self.num_filters, (3, 3), name='conv_init')(x)
    x = nn.relu(norm(name='bn_init')(x))
    for i, n in enumerate(self.stage_sizes):
      for j in range(n):
        strides = (2, 2) if i > 0 and j == 0 else (1, 1)
        x = ResNetBlock(self.num_filters * 2**i, conv=conv, norm=norm, act=nn.relu,
                        strides=strides)(x)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes, dtype=self.dtype)(x)


ResNet10 = partial(ResNet, stage_sizes=[1, 1, 1, 1])
