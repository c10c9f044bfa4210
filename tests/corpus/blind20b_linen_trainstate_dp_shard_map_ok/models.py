import flax.linen as nn
import jax.numpy as jnp


class CNN(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x):
    x = nn.Conv(32, (3, 3))(x)
    x = nn.relu(x)
    x = nn.avg_pool(x, (2, 2), strides=(2, 2))
    x = nn.Conv(64, (3, 3))(x)
    x = nn.relu(x)
    x = nn.avg_pool(x, (2, 2), strides=(2, 2))
    x = x.reshape((x.shape[0], -1))
    x = nn.Dense(256)(x)
    x = nn.relu(x)
    return nn.Dense(self.num_classes)(x)
