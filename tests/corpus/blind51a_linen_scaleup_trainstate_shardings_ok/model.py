import flax.linen as nn
import jax
from jax.sharding import PartitionSpec
import jax.numpy as jnp


class DotReluDot(nn.Module):
  depth: int

  @nn.compact
  def __call__(self, x):
    W1 = self.param(
        'W1',
        nn.with_partitioning(nn.initializers.xavier_normal(), (None, 'model')),
        (x.shape[-1], self.depth))
    y = jnp.dot(x, W1)
    y = nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, PartitionSpec('data', 'model'))
    W2 = self.param(
        'W2',
        nn.with_partitioning(nn.initializers.xavier_normal(), ('model', None)),
        (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    z = jax.lax.with_sharding_constraint(z, PartitionSpec('data', None))
    return z


class MLP(nn.Module):
  num_layers: int
  depth: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      x = DotReluDot(self.depth, name=f'block_{i}')(x)
    return x
