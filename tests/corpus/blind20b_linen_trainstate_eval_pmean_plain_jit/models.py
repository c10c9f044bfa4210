import flax.linen as nn


class ResMLP(nn.Module):
  features: int = 128
  num_classes: int = 10
  bn_axis: str = "batch"

  @nn.compact
  def __call__(self, x, train: bool):
    norm = lambda: nn.BatchNorm(use_running_average=not train, momentum=0.9, use_bias=True,
                                axis_name=self.bn_axis)
    x = nn.Dense(self.features)(x)
    for _ in range(2):
      y = nn.relu(norm()(nn.Dense(self.features)(x)))
      x = x + nn.Dense(self.features)(y)
    return nn.Dense(self.num_classes)(norm()(x))
