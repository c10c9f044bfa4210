"""Megatron-LM style tensor-parallel layers, written as Flax Linen modules.

Each module sees only its local shard of the weights: it must be applied inside a
shard_map whose mesh has the `axis_name` axis."""
from typing import Callable

import flax.linen as nn
import jax.numpy as jnp

from .collectives import reduce_from_tensor_parallel


class ColumnParallelDense(nn.Module):
  features_per_shard: int
  kernel_init: Callable = nn.initializers.lecun_normal()

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features_per_shard, kernel_init=self.kernel_init, name='dense')(x)


class RowParallelDense(nn.Module):
  features: int
  axis_name: str = 'model'
  kernel_init: Callable = nn.initializers.lecun_normal()

  @nn.compact
  def __call__(self, x):
    partial = nn.Dense(self.features, use_bias=False, kernel_init=self.kernel_init,
                       name='dense')(x)
    out = reduce_from_tensor_parallel(partial, self.axis_name)
    bias = self.param('bias', nn.initializers.zeros_init(), (self.features,))
    return out + bias


class ParallelMLPBlock(nn.Module):
  d_model: int
  d_ff_per_shard: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm(name='ln')(x)
    h = ColumnParallelDense(self.d_ff_per_shard, name='wi')(h)
    h = nn.gelu(h)
    h = RowParallelDense(self.d_model, axis_name=self.axis_name, name='wo')(h)
    return x + h


class ParallelMLP(nn.Module):
  num_layers: int
  d_model: int
  d_ff_per_shard: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      x = ParallelMLPBlock(self.d_model, self.d_ff_per_shard, self.axis_name,
                           name=f'block_{i}')(x)
    return jnp.mean(x, axis=-1)
