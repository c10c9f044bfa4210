from flax import nnx


class ConvBlock(nnx.Module):
  def __init__(self, cin, cout, *, axis_name, rngs):
    self.conv = nnx.Conv(cin, cout, kernel_size=(3, 3), use_bias=False, rngs=rngs)
    self.bn = nnx.BatchNorm(cout, axis_name=axis_name, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.bn(self.conv(x)))


class SmallResNet(nnx.Module):
  def __init__(self, num_classes=10, *, axis_name=None, rngs):
    self.block1 = ConvBlock(3, 16, axis_name=axis_name, rngs=rngs)
    self.block2 = ConvBlock(16, 32, axis_name=axis_name, rngs=rngs)
    self.head = nnx.Linear(32, num_classes, rngs=rngs)

  def __call__(self, x):
    x = self.block2(self.block1(x))
    return self.head(x.mean(axis=(1, 2)))
