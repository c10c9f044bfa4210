"""Megatron-style tensor-parallel Dense layers.

Both layers see the *per-device* shard of their parameters: they are meant to be
run inside a shard_map over the tensor-parallel mesh axis.
"""
import flax.linen as nn
import jax
import jax.numpy as jnp

lecun = nn.initializers.lecun_normal()
zeros = nn.initializers.zeros_init()


class ColumnParallelDense(nn.Module):
  features: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    tp_size = jax.lax.psum(1, self.axis_name)  # number of tensor-parallel ranks
    local = self.features // tp_size
    kernel = self.param('kernel', lecun, (x.shape[-1], local))
    bias = self.param('bias', zeros, (local,))
    return jnp.dot(x, kernel) + bias


class RowParallelDense(nn.Module):
  features: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    kernel = self.param('kernel', lecun, (x.shape[-1], self.features))
    bias = self.param('bias', zeros, (self.features,))
    partial = jnp.dot(x, kernel)
    # every model-parallel rank holds a partial sum of the output features
    return jax.lax.psum(partial, self.axis_name) + bias
