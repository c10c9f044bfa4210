"""A small ResNet with synchronized (cross-replica) batch norm."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx


class ResNetBlock(nnx.Module):
  def __init__(self, cin, cout, *, strides, bn_axis, rngs):
    norm = partial(nnx.BatchNorm, momentum=0.9, epsilon=1e-5, axis_name=bn_axis, rngs=rngs)
    self.conv1 = nnx.Conv(cin, cout, (3, 3), strides=strides, use_bias=False, rngs=rngs)
    self.bn1 = norm(cout)
    self.conv2 = nnx.Conv(cout, cout, (3, 3), use_bias=False, rngs=rngs)
    self.bn2 = norm(cout, scale_init=nnx.initializers.zeros)
    self.proj = nnx.data(None)
    if strides != (1, 1) or cin != cout:
      self.proj = nnx.Conv(cin, cout, (1, 1), strides=strides, use_bias=False, rngs=rngs)
      self.proj_bn = norm(cout)

  def __call__(self, x):
    residual = x
    y = self.conv1(x)
    y = self.bn1(y)
    y = nnx.relu(y)
    y = self.bn2(self.conv2(y))
    if self.proj is not None:
      residual = self.proj_bn(self.proj(residual))
    return nnx.relu(residual + y)


class ResNet(nnx.Module):
  def __init__(self, stage_sizes, num_classes, *, bn_axis=None, width=16, rngs: nnx.Rngs):
    self.stem = nnx.Conv(3, width, (3, 3), use_bias=False, rngs=rngs)
    self.stem_bn = nnx.BatchNorm(width, axis_name=bn_axis, rngs=rngs)
    blocks = []
    cin = width
    for i, n in enumerate(stage_sizes):
      cout = width * 2 ** i
      for j in range(n):
        strides = (2, 2) if i > 0 and j == 0 else (1, 1)
        blocks.append(ResNetBlock(cin, cout, strides=strides, bn_axis=bn_axis, rngs=rngs))
        cin = cout
    self.blocks = nnx.List(blocks)
    self.head = nnx.Linear(cin, num_classes, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.stem_bn(self.stem(x)))
    for block in self.blocks:
      x = block(x)
    return self.head(jnp.mean(x, axis=(1, 2)))
