from flax import nnx


class ConvBNBlock(nnx.Module):
  """A block ported to NNX; its BatchNorm syncs statistics across the 'batch' axis
  (the name the old pmap training loop used)."""

  def __init__(self, cin, cout, *, axis_name='batch', rngs: nnx.Rngs):
    self.conv = nnx.Conv(cin, cout, kernel_size=(3, 3), rngs=rngs)
    self.bn = nnx.BatchNorm(cout, use_running_average=False, axis_name=axis_name, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.bn(self.conv(x)))
