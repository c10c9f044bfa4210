import flax.linen as nn
import jax.numpy as jnp


class ColumnParallelDense(nn.Module):
  """Holds this device's column shard of the kernel (shape [in, out/tp])."""
  features_per_shard: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features_per_shard, use_bias=False)(x)


class RowParallelDense(nn.Module):
  """Holds this device's row shard (shape [in/tp, out]); the result is a partial sum."""
  features: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features, use_bias=False)(x)


class ShardedMlp(nn.Module):
  d_model: int
  d_ff_per_shard: int

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(ColumnParallelDense(self.d_ff_per_shard, name='wi')(x))
    return RowParallelDense(self.d_model, name='wo')(h)
