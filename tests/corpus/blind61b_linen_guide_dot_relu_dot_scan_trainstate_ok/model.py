from typing import Callable

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec


class DotReluDot(nn.Module):
  depth: int
  mesh: Mesh
  dense_init: Callable = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_partitioning(self.dense_init, (None, "model")),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(
        y, NamedSharding(self.mesh, PartitionSpec("data", "model")))
    W2 = self.param("W2", nn.with_partitioning(self.dense_init, ("model", None)),
                    (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    z = jax.lax.with_sharding_constraint(
        z, NamedSharding(self.mesh, PartitionSpec("data", None)))
    return z, None


class MLP(nn.Module):
  num_layers: int
  depth: int
  mesh: Mesh

  @nn.compact
  def __call__(self, x):
    x, _ = nn.scan(DotReluDot, length=self.num_layers,
                   variable_axes={"params": 0}, split_rngs={"params": True},
                   metadata_params={nn.PARTITION_NAME: None})(self.depth, self.mesh)(x)
    return x
