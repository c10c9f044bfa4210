"""A small ResNet in Flax NNX, after the ImageNet example: batch statistics are synchronised
over the `batch` axis while training."""
import functools

import jax.numpy as jnp
from flax import nnx

BatchNorm = functools.partial(nnx.BatchNorm, momentum=0.9, epsilon=1e-5, axis_name='batch')


class ResNetBlock(nnx.Module):
  def __init__(self, channels: int, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(channels, channels, (3, 3), use_bias=False, rngs=rngs)
    self.bn1 = BatchNorm(channels, rngs=rngs)
    self.conv2 = nnx.Conv(channels, channels, (3, 3), use_bias=False, rngs=rngs)
    self.bn2 = BatchNorm(channels, scale_init=nnx.initializers.zeros_init(), rngs=rngs)

  def __call__(self, x):
    y = nnx.relu(self.bn1(self.conv1(x)))
    y = self.bn2(self.conv2(y))
    return nnx.relu(x + y)


class ResNet(nnx.Module):
  def __init__(self, num_blocks: int, channels: int, num_classes: int, *, rngs: nnx.Rngs):
    self.stem = nnx.Conv(3, channels, (3, 3), use_bias=False, rngs=rngs)
    self.stem_bn = BatchNorm(channels, rngs=rngs)
    self.blocks = nnx.List([ResNetBlock(channels, rngs=rngs) for _ in range(num_blocks)])
    self.head = nnx.Linear(channels, num_classes, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.stem_bn(self.stem(x)))
    for block in self.blocks:
      x = block(x)
    return self.head(jnp.mean(x, axis=(1, 2)))
