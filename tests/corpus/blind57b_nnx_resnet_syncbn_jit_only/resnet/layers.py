from functools import partial

from flax import nnx

# sync batch statistics across the data-parallel replicas
SyncBatchNorm = partial(nnx.BatchNorm, momentum=0.9, epsilon=1e-5, axis_name='batch')


class Bottleneck(nnx.Module):
  def __init__(self, in_ch: int, mid_ch: int, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(in_ch, mid_ch, (1, 1), use_bias=False, rngs=rngs)
    self.norm1 = SyncBatchNorm(mid_ch, rngs=rngs)
    self.conv2 = nnx.Conv(mid_ch, mid_ch, (3, 3), use_bias=False, rngs=rngs)
    self.norm2 = SyncBatchNorm(mid_ch, rngs=rngs)
    self.conv3 = nnx.Conv(mid_ch, in_ch, (1, 1), use_bias=False, rngs=rngs)
    self.norm3 = SyncBatchNorm(in_ch, scale_init=nnx.initializers.zeros, rngs=rngs)

  def __call__(self, x):
    y = nnx.relu(self.norm1(self.conv1(x)))
    y = nnx.relu(self.norm2(self.conv2(y)))
    y = self.norm3(self.conv3(y))
    return nnx.relu(x + y)
