from functools import partial

import jax
from flax import nnx


class ResNetBlock(nnx.Module):
  def __init__(self, channels: int, *, norm, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(channels, channels, (3, 3), use_bias=False, rngs=rngs)
    self.norm1 = norm(channels, rngs=rngs)
    self.conv2 = nnx.Conv(channels, channels, (3, 3), use_bias=False, rngs=rngs)
    self.norm2 = norm(channels, scale_init=nnx.initializers.zeros_init(), rngs=rngs)

  def __call__(self, x):
    residual = x
    y = nnx.relu(self.norm1(self.conv1(x)))
    y = self.norm2(self.conv2(y))
    return nnx.relu(residual + y)


class TinyResNet(nnx.Module):
  def __init__(self, num_classes: int, *, width: int = 8, num_blocks: int = 2,
               bn_axis_name=None, rngs: nnx.Rngs):
    norm = partial(nnx.BatchNorm, momentum=0.9, epsilon=1e-5, axis_name=bn_axis_name)
    self.stem = nnx.Conv(3, width, (3, 3), rngs=rngs)
    self.stem_norm = norm(width, rngs=rngs)
    self.blocks = nnx.List([ResNetBlock(width, norm=norm, rngs=rngs) for _ in range(num_blocks)])
    self.head = nnx.Linear(width, num_classes, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.stem_norm(self.stem(x)))
    for block in self.blocks:
      x = nnx.remat(lambda blk, h: blk(h))(block, x)
    x = x.mean(axis=(1, 2))
    return self.head(x)
