import flax.linen as nn


class SyncBatchNorm(nn.Module):
  """BatchNorm whose statistics are averaged over `axis_name` in training."""
  axis_name: str | None = None
  momentum: float = 0.9

  @nn.compact
  def __call__(self, x, train: bool):
    return nn.BatchNorm(
        use_running_average=not train,
        momentum=self.momentum,
        axis_name=self.axis_name,
    )(x)
