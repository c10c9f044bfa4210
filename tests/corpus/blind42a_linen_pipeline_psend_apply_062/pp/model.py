import flax.linen as nn
import jax
from jax import lax


class Stage(nn.Module):
  d: int

  @nn.compact
  def __call__(self, x):
    return x + nn.gelu(nn.Dense(self.d)(nn.LayerNorm()(x)))


class PipelinedStage(nn.Module):
  """Runs this device's stage and hands the result to the next stage over 'pp'."""
  d: int
  n_stages: int

  @nn.compact
  def __call__(self, x):
    y = Stage(self.d, name='stage')(x)
    perm = [(i, i + 1) for i in range(self.n_stages - 1)]
    token = lax.psend(y, 'pp', perm)
    return lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), 'pp', perm)
