from flax import nnx


class Block(nnx.Module):
  """Per-example forward; the normalisation statistics are shared across the
  mapped axis named `stats_axis`."""

  def __init__(self, features, *, stats_axis, rngs):
    self.dense = nnx.Linear(features, features, rngs=rngs)
    self.bn = nnx.BatchNorm(features, axis_name=stats_axis, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.bn(self.dense(x)))
