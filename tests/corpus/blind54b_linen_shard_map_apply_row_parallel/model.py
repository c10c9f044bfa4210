import flax.linen as nn
import jax
from jax import lax


class ColumnParallelDense(nn.Module):
  features_per_shard: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features_per_shard, name='local')(x)


class RowParallelDense(nn.Module):
  features: int
  axis_name: str = 'tp'

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features, use_bias=False, name='local')(x)
    if not self.is_initializing():  # init runs outside shard_map on one shard
      y = lax.psum(y, self.axis_name)
    bias = self.param('bias', nn.initializers.zeros_init(), (self.features,))
    return y + bias


class ParallelMLP(nn.Module):
  d_model: int
  d_ff_per_shard: int
  axis_name: str = 'tp'

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(ColumnParallelDense(self.d_ff_per_shard)(x))
    return RowParallelDense(self.d_model, self.axis_name)(h)
