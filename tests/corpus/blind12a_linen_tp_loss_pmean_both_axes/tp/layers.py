import flax.linen as nn
import jax
from jax import lax

from .mesh_axes import TP


class ColumnParallelDense(nn.Module):
  features_per_shard: int

  def setup(self):
    self.dense = nn.Dense(self.features_per_shard)

  def __call__(self, x):
    return self.dense(x)


class RowParallelDense(nn.Module):
  features: int

  def setup(self):
    self.dense = nn.Dense(self.features, use_bias=False)

  def __call__(self, x):
    return lax.psum(self.dense(x), TP)


class ParallelMLP(nn.Module):
  hidden_per_shard: int
  out: int

  def setup(self):
    self.up = ColumnParallelDense(self.hidden_per_shard)
    self.down = RowParallelDense(self.out)

  def __call__(self, x):
    return self.down(jax.nn.gelu(self.up(x)))
