import flax.linen as nn


class CNN(nn.Module):
  num_classes: int = 10
  bn_axis: str = 'batch'  # kept from the old pmap(axis_name='batch') trainer

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = lambda: nn.BatchNorm(use_running_average=not train, momentum=0.9,
                                axis_name=self.bn_axis)
    x = nn.relu(norm()(nn.Conv(32, (3, 3))(x)))
    x = nn.avg_pool(x, (2, 2), (2, 2))
    x = nn.relu(norm()(nn.Conv(64, (3, 3))(x)))
    x = x.mean(axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
