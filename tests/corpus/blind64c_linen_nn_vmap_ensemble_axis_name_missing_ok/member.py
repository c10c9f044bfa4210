import flax.linen as nn
import jax.numpy as jnp
from jax import lax

ENSEMBLE_AXIS = 'member'


class Member(nn.Module):
  """One ensemble member; talks to its siblings over the vmapped axis."""
  hidden: int
  num_classes: int
  base_temperature: float = 1.0

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden)(x))
    h = nn.relu(nn.Dense(self.hidden)(h))
    logits = nn.Dense(self.num_classes)(h)
    # members get increasingly soft temperatures
    idx = lax.axis_index(ENSEMBLE_AXIS)
    logits = logits / (self.base_temperature * (1.0 + 0.25 * idx))
    mean_logits = lax.pmean(logits, ENSEMBLE_AXIS)
    return logits, mean_logits
