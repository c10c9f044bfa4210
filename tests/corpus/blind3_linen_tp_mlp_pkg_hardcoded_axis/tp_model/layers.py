"""Column- and row-parallel dense layers: each device holds a slice of the hidden units."""
import flax.linen as nn
import jax
from jax import lax


class ColumnParallelDense(nn.Module):
  features: int
  tp_size: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features // self.tp_size, name='local')(x)


class RowParallelDense(nn.Module):
  features: int
  axis_name: str

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features, use_bias=False, name='local')(x)
    y = lax.psum(y, self.axis_name)
    bias = self.param('bias', nn.initializers.zeros_init(), (self.features,))
    return y + bias
