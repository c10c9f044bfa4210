import flax.linen as nn
import jax
from jax import lax

NUM_STAGES = 4
FORWARD = [(i, i + 1) for i in range(NUM_STAGES - 1)]


class StageMlp(nn.Module):
  hidden: int = 256

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(nn.Dense(self.hidden)(nn.LayerNorm()(x)))
    return x + nn.Dense(x.shape[-1])(h)


def stage_forward(stage, stage_params, x, axis_name='stage'):
  """Every stage runs its layer, then hands activations to the next stage."""
  h = x
  for _ in range(NUM_STAGES - 1):
    h = stage.apply(stage_params, h)
    token = lax.psend(h, axis_name, FORWARD)
    h = lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), axis_name, FORWARD)
  return stage.apply(stage_params, h)
