import flax.linen as nn


class CNN(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(16, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
    x = nn.relu(x)
    x = x.mean(axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
