from functools import partial

import flax.linen as nn
import jax.numpy as jnp


class SmallResNet(nn.Module):
  num_classes: int = 10
  bn_axis: str = 'data'

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9, epsilon=1e-5,
                   axis_name=self.bn_axis if train else None)
    x = nn.Conv(32, (3, 3), use_bias=False)(x)
    x = nn.relu(norm()(x))
    r = x
    x = nn.Conv(32, (3, 3), use_bias=False)(x)
    x = nn.relu(norm()(x))
    x = nn.Conv(32, (3, 3), use_bias=False)(x)
    x = nn.relu(norm()(x) + r)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)
