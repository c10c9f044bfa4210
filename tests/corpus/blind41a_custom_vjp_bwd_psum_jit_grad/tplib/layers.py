import flax.linen as nn

from tplib.ops import enter_tp


class ColumnParallelDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features)(enter_tp(x))
