import flax.linen as nn


class CNN(nn.Module):
  num_classes: int = 10
  bn_axis_name: str | None = 'data'

  @nn.compact
  def __call__(self, x, train: bool):
    bn = lambda name: nn.BatchNorm(use_running_average=not train, momentum=0.9,
                                   axis_name=self.bn_axis_name, name=name)
    x = nn.Conv(8, (3, 3), name='conv1')(x)
    x = nn.relu(bn('bn1')(x))
    x = nn.avg_pool(x, (2, 2), strides=(2, 2))
    x = nn.Conv(16, (3, 3), name='conv2')(x)
    x = nn.relu(bn('bn2')(x))
    x = x.reshape((x.shape[0], -1))
    x = nn.Dense(32, name='fc1')(x)
    x = nn.relu(x)
    return nn.Dense(self.num_classes, name='head')(x)
