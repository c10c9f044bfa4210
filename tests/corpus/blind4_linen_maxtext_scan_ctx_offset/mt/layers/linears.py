"""Dense layers with logically-annotated kernels (MaxText layers/linears.py, simplified)."""
from typing import Any, Iterable, Tuple

import flax.linen as nn
import jax.numpy as jnp

Config = Any


class DenseGeneral(nn.Module):
  features: int
  kernel_axes: Tuple[str, ...] = ()
  dtype: Any = jnp.float32

  @nn.compact
  def __call__(self, inputs):
    kernel = self.param(
        'kernel',
        nn.with_logical_partitioning(nn.initializers.lecun_normal(), self.kernel_axes),
        (inputs.shape[-1], self.features),
    )
    return jnp.dot(inputs.astype(self.dtype), kernel.astype(self.dtype))


class MlpBlock(nn.Module):
  config: Config

  @nn.compact
  def __call__(self, x):
    cfg = self.config
    h = DenseGeneral(cfg['mlp_dim'], kernel_axes=('embed', 'mlp'), name='wi')(x)
    h = nn.with_logical_constraint(h, ('activation_batch', 'activation_length', 'activation_mlp'))
    h = nn.silu(h)
    return DenseGeneral(cfg['emb_dim'], kernel_axes=('mlp', 'embed'), name='wo')(h)
