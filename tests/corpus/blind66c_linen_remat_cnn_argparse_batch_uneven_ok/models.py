import functools

import flax.linen as nn
import jax.numpy as jnp


class ConvBlock(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(self.features, (3, 3), use_bias=False)(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
    x = nn.relu(x)
    return nn.avg_pool(x, (2, 2), strides=(2, 2))


class CNN(nn.Module):
  features: tuple
  dense_features: int
  num_classes: int

  def setup(self):
    RematBlock = nn.remat(ConvBlock, static_argnums=(2,))
    self.blocks = [RematBlock(f) for f in self.features]
    self.hidden = nn.Dense(self.dense_features)
    self.head = nn.Dense(self.num_classes)

  def features_fn(self, x, train: bool = True):
    for blk in self.blocks:
      x = blk(x, train)
    x = x.reshape((x.shape[0], -1))
    return nn.relu(self.hidden(x))

  def __call__(self, x, train: bool = True):
    return self.head(self.features_fn(x, train))
