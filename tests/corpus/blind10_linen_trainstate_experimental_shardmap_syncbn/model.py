import flax.linen as nn

DATA_AXIS = 'data'


class ConvBN(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x, train: bool):
    x = nn.Conv(self.features, (3, 3), use_bias=False)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name=DATA_AXIS, momentum=0.9)(x)
    return nn.relu(x)


class Net(nn.Module):

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = ConvBN(8)(x, train)
    x = ConvBN(16)(x, train)
    return nn.Dense(10)(x.mean(axis=(1, 2)))
