from functools import partial

import flax.linen as nn
import jax.numpy as jnp


class CNN(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                   epsilon=1e-5, axis_name='batch')
    x = nn.Conv(16, (3, 3))(x)
    x = nn.relu(norm()(x))
    x = nn.Conv(32, (3, 3), strides=(2, 2))(x)
    x = nn.relu(norm()(x))
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
