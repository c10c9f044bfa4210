import flax.linen as nn
import jax.numpy as jnp


class ResidualBlock(nn.Module):
  features: int
  bn_axis: str

  @nn.compact
  def __call__(self, x, train):
    y = nn.Conv(self.features, (3, 3), use_bias=False)(x)
    y = nn.BatchNorm(use_running_average=not train, axis_name=self.bn_axis)(y)
    y = nn.relu(y)
    y = nn.Conv(self.features, (3, 3), use_bias=False)(y)
    y = nn.BatchNorm(use_running_average=not train, axis_name=self.bn_axis,
                     scale_init=nn.initializers.zeros)(y)
    return nn.relu(x + y)


class ResNetTiny(nn.Module):
  num_classes: int
  bn_axis: str

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(16, (3, 3))(x)
    x = ResidualBlock(16, self.bn_axis)(x, train)
    x = ResidualBlock(16, self.bn_axis)(x, train)
    return nn.Dense(self.num_classes)(jnp.mean(x, axis=(1, 2)))
