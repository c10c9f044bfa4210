from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn


class DotReluDot(nn.Module):
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
    return z


class MLP(nn.Module):
  num_layers: int
  depth: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      x = DotReluDot(self.depth, name=f'layer_{i}')(x)
    return x
