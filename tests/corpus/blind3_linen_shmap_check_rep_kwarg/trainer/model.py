import flax.linen as nn


class ConvNet(nn.Module):
  axis_name: str = 'data'

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(16, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name=self.axis_name)(x)
    x = nn.relu(x)
    x = x.mean(axis=(1, 2))
    return nn.Dense(10)(x)
