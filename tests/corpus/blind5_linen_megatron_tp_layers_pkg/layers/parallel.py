import jax
import flax.linen as nn

from .config import ParallelConfig

_init = nn.initializers.lecun_normal()


class ColumnParallelDense(nn.Module):
  """Output features split over the tensor axis; no communication."""
  features: int
  cfg: ParallelConfig

  @nn.compact
  def __call__(self, x):
    local_features = self.features // jax.lax.axis_size(self.cfg.tensor_axis)
    kernel = self.param('kernel', nn.with_partitioning(_init, (None, self.cfg.tensor_axis)),
                        (x.shape[-1], local_features))
    return x @ kernel


class RowParallelDense(nn.Module):
  """Input features split over the tensor axis; partial sums are reduced across it."""
  features: int
  cfg: ParallelConfig

  @nn.compact
  def __call__(self, x):
    kernel = self.param('kernel', nn.with_partitioning(_init, (self.cfg.tensor_axis, None)),
                        (x.shape[-1], self.features))
    return jax.lax.psum(x @ kernel, self.cfg.tensor_axis)
