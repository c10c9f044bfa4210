import flax.linen as nn
from jax.lax import psum as all_reduce


class ColumnParallelDense(nn.Module):
  """Holds a [d_in, d_out / tp] slice of the kernel; output stays sharded."""
  features_per_shard: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features_per_shard, use_bias=False, name="dense")(x)


class RowParallelDense(nn.Module):
  """Holds a [d_in / tp, d_out] slice; partial sums are reduced over the TP axis."""
  features: int
  reduce_axis: str = "model"

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features, use_bias=False, name="dense")(x)
    return all_reduce(y, self.reduce_axis)
