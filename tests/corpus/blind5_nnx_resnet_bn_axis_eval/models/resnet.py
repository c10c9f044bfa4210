from functools import partial

from flax import nnx

# kept from the pmap trainer: cross-replica BatchNorm statistics
norm = partial(nnx.BatchNorm, momentum=0.9, epsilon=1e-5, axis_name='batch')


class ResidualBlock(nnx.Module):
  def __init__(self, channels: int, *, rngs: nnx.Rngs):
    self.conv1 = nnx.Conv(channels, channels, (3, 3), use_bias=False, rngs=rngs)
    self.bn1 = norm(channels, rngs=rngs)
    self.conv2 = nnx.Conv(channels, channels, (3, 3), use_bias=False, rngs=rngs)
    self.bn2 = norm(channels, scale_init=nnx.initializers.zeros, rngs=rngs)

  def __call__(self, x):
    y = nnx.relu(self.bn1(self.conv1(x)))
    y = self.bn2(self.conv2(y))
    return nnx.relu(x + y)


class ResNetTiny(nnx.Module):
  def __init__(self, num_classes: int = 10, *, rngs: nnx.Rngs):
    self.stem = nnx.Conv(3, 8, (3, 3), rngs=rngs)
    self.blocks = nnx.List([ResidualBlock(8, rngs=rngs) for _ in range(2)])
    self.head = nnx.Linear(8, num_classes, rngs=rngs)

  def __call__(self, x):
    x = self.stem(x)
    for block in self.blocks:
      x = block(x)
    return self.head(x.mean(axis=(1, 2)))
