import flax.linen as nn
from jax import lax

ENSEMBLE_AXIS = 'ensemble'


class Member(nn.Module):
  hidden: int = 32
  num_classes: int = 5
  axis_name: str = 'members'

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden)(x))
    logits = nn.Dense(self.num_classes)(h)
    # Distillation target: the ensemble mean, shared by every member.
    ensemble_mean = lax.stop_gradient(lax.pmean(logits, self.axis_name))
    return logits, ensemble_mean


Ensemble = nn.vmap(
    Member,
    variable_axes={'params': 0},
    split_rngs={'params': True},
    in_axes=None,
    out_axes=0,
    axis_size=4,
    axis_name=ENSEMBLE_AXIS,
)
