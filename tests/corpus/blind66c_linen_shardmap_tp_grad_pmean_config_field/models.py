import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class ColumnParallelDense(nn.Module):
  """Kernel split along its output dimension; no communication."""
  features: int
  tp_size: int = 1

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features // self.tp_size, use_bias=False, name="dense")(x)


class RowParallelDense(nn.Module):
  """Kernel split along its input dimension; partial sums reduced over `axis_name`."""
  features: int
  axis_name: str = None

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features, use_bias=False, name="dense")(x)
    if self.axis_name is not None:
      y = lax.psum(y, self.axis_name)
    return y


class ParallelMLP(nn.Module):
  d_model: int
  d_ff: int
  tp_size: int = 1
  tp_axis: str = None

  @nn.compact
  def __call__(self, x):
    h = ColumnParallelDense(self.d_ff, self.tp_size, name="wi")(x)
    h = nn.gelu(h)
    return RowParallelDense(self.d_model, self.tp_axis, name="wo")(h)


class Model(nn.Module):
  d_model: int
  d_ff: int
  num_layers: int
  tp_size: int = 1
  tp_axis: str = None

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      y = nn.LayerNorm(name=f"ln_{i}")(x)
      x = x + ParallelMLP(self.d_model, self.d_ff, self.tp_size, self.tp_axis, name=f"mlp_{i}")(y)
    return nn.LayerNorm(name="ln_f")(x)
