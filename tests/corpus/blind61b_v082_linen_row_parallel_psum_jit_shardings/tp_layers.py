import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class ColumnParallelDense(nn.Module):
  """Holds this device's slice of the output features; no communication."""
  features_per_shard: int

  @nn.compact
  def __call__(self, x):
    w = self.param("kernel", nn.initializers.lecun_normal(),
                   (x.shape[-1], self.features_per_shard))
    return x @ w


class RowParallelDense(nn.Module):
  """Consumes a feature-sharded input and sums partial products over `axis_name`."""
  features: int
  axis_name: str = "model"

  @nn.compact
  def __call__(self, x):
    w = self.param("kernel", nn.initializers.lecun_normal(), (x.shape[-1], self.features))
    return lax.psum(x @ w, self.axis_name)


class ParallelMLP(nn.Module):
  hidden_per_shard: int
  out: int

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(ColumnParallelDense(self.hidden_per_shard, name="fc1")(x))
    return RowParallelDense(self.out, name="fc2")(h)
