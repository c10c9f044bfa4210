import flax.linen as nn
import jax
import jax.numpy as jnp


class LogicalDotReluDot(nn.Module):
  depth: int
  dense_init: nn.initializers.Initializer = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    W1 = self.param(
        'W1',
        nn.with_logical_partitioning(self.dense_init, ('embed', 'hidden')),
        (x.shape[-1], self.depth))
    y = jax.nn.relu(jnp.dot(x, W1))
    y = nn.with_logical_constraint(y, ('batch', 'hidden'))
    W2 = self.param(
        'W2',
        nn.with_logical_partitioning(self.dense_init, ('hidden', 'embed')),
        (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    z = nn.with_logical_constraint(z, ('batch', 'embed'))
    return z, None


class LogicalMLP(nn.Module):
  num_layers: int
  depth: int

  @nn.compact
  def __call__(self, x):
    x = nn.with_logical_constraint(x, ('batch', 'embed'))
    x, _ = nn.scan(LogicalDotReluDot, length=self.num_layers,
                   variable_axes={'params': 0}, split_rngs={'params': True},
                   metadata_params={nn.PARTITION_NAME: 'layer'})(self.depth)(x)
    return x
