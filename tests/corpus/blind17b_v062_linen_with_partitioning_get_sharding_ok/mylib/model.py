from typing import Callable

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec


class DotReluDot(nn.Module):
  depth: int
  mesh: object
  dense_init: Callable = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_partitioning(self.dense_init, (None, 'model')),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, NamedSharding(self.mesh, PartitionSpec('data', 'model')))
    W2 = self.param('W2', nn.with_partitioning(self.dense_init, ('model', None)),
                    (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    return jax.lax.with_sharding_constraint(z, NamedSharding(self.mesh, PartitionSpec('data', None)))


class MLP(nn.Module):
  num_layers: int
  depth: int
  mesh: object

  def setup(self):
    self.layers = [DotReluDot(self.depth, self.mesh) for _ in range(self.num_layers)]

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x
