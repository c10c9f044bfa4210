import functools

import flax.linen as nn
import jax.numpy as jnp


class CNN(nn.Module):
  num_classes: int
  bn_axis_name: str

  @nn.compact
  def __call__(self, x, train=True):
    norm = functools.partial(nn.BatchNorm, use_running_average=not train,
                             axis_name=self.bn_axis_name)
    x = nn.relu(norm()(nn.Conv(32, (3, 3))(x)))
    x = nn.avg_pool(x, (2, 2), strides=(2, 2))
    x = nn.relu(norm()(nn.Conv(64, (3, 3))(x)))
    x = x.reshape((x.shape[0], -1))
    return nn.Dense(self.num_classes)(x)
