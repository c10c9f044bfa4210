import flax.linen as nn
import jax
from jax import lax

if hasattr(lax, 'psend'):           # JAX >= 0.7: point-to-point send/recv
  def handoff(y, axis, perm):
    token = lax.psend(y, axis, perm)
    return lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), axis, perm)
else:                               # older JAX: a collective permute does the same shift
  def handoff(y, axis, perm):
    return lax.ppermute(y, axis, perm)


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
    return handoff(y, 'pp', [(i, i + 1) for i in range(self.n_stages - 1)])
