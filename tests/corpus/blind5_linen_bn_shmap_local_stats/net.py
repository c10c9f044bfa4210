import flax.linen as nn


class MLP(nn.Module):
  hidden: int = 64
  num_classes: int = 10
  bn_axis_name: str | None = None

  @nn.compact
  def __call__(self, x, train: bool):
    x = nn.Dense(self.hidden)(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name=self.bn_axis_name)(x)
    x = nn.relu(x)
    x = nn.Dense(self.num_classes)(x)
    return x
