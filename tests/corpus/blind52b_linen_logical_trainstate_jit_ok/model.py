from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn


class LogicalDotReluDot(nn.Module):
  depth: int
  dense_init: Callable = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_logical_partitioning(self.dense_init, ('embed', 'hidden')),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    y = nn.with_logical_constraint(y, ('batch', 'hidden'))
    W2 = self.param('W2',
                    nn.with_logical_partitioning(self.dense_init, ('hidden', 'embed')),
                    (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    z = nn.with_logical_constraint(z, ('batch', 'embed'))
    return z, None


class LogicalMLP(nn.Module):
  num_layers: int
  depth: int
  use_scan: bool = True

  @nn.compact
  def __call__(self, x):
    if self.use_scan:
      x, _ = nn.scan(LogicalDotReluDot, length=self.num_layers,
                     variable_axes={'params': 0},
                     split_rngs={'params': True},
                     metadata_params={nn.PARTITION_NAME: 'layer'})(self.depth)(x)
    else:
      for i in range(self.num_layers):
        x, _ = LogicalDotReluDot(self.depth, name=f'layer{i}')(x)
    return x
