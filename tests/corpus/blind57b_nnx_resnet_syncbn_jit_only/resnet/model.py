import jax.numpy as jnp
from flax import nnx

from .layers import Bottleneck, SyncBatchNorm


class ResNetSmall(nnx.Module):
  def __init__(self, num_classes: int, width: int = 32, depth: int = 2, *, rngs: nnx.Rngs):
    self.stem = nnx.Conv(3, width, (3, 3), strides=(2, 2), use_bias=False, rngs=rngs)
    self.stem_norm = SyncBatchNorm(width, rngs=rngs)
    self.stages = nnx.List([Bottleneck(width, width // 4, rngs=rngs) for _ in range(depth)])
    self.fc = nnx.Linear(width, num_classes, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.stem_norm(self.stem(x)))
    for stage in self.stages:
      x = stage(x)
    return self.fc(jnp.mean(x, axis=(1, 2)))
