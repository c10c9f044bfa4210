import flax.linen as nn
import jax
from jax import lax


class Stage(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(4 * self.features)(nn.LayerNorm()(x)))
    return x + nn.Dense(self.features)(h)


class PipelinedModel(nn.Module):
  """One pipeline stage per device; activations travel stage -> stage + 1."""
  features: int
  num_stages: int
  axis_name: str = 'stage'

  def setup(self):
    self.stage = Stage(self.features)

  def __call__(self, x):
    return self.stage(x)

  def forward_stage(self, x):
    y = self.stage(x)
    forward = [(i, i + 1) for i in range(self.num_stages - 1)]
    token = lax.psend(y, self.axis_name, forward)
    return lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), self.axis_name, forward)
