from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import with_sharding_constraint
from jax.sharding import NamedSharding, PartitionSpec


class DotReluDot(nn.Module):
  depth: int
  mesh: jax.sharding.Mesh
  dense_init: Callable = nn.initializers.xavier_normal()

  def mesh_sharding(self, pspec):
    return NamedSharding(self.mesh, pspec)

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_partitioning(self.dense_init, (None, 'model')),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    y = with_sharding_constraint(y, self.mesh_sharding(PartitionSpec('data', None, 'model')))
    W2 = self.param('W2', nn.with_partitioning(self.dense_init, ('model', None)),
                    (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    z = with_sharding_constraint(z, self.mesh_sharding(PartitionSpec('data', None, None)))
    return z, None


class MLP(nn.Module):
  num_layers: int
  depth: int
  mesh: jax.sharding.Mesh

  @nn.compact
  def __call__(self, x):
    x, _ = nn.scan(DotReluDot, length=self.num_layers,
                   variable_axes={'params': 0},
                   split_rngs={'params': True},
                   metadata_params={nn.PARTITION_NAME: None})(self.depth, self.mesh)(x)
    return x
