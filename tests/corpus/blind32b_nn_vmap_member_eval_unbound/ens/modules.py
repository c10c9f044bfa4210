import flax.linen as nn
from jax import lax

ENSEMBLE_AXIS = 'ensemble'


class Member(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features)(x)
    h = h - lax.pmean(h, axis_name=ENSEMBLE_AXIS)
    return nn.Dense(1)(nn.tanh(h))


class Ensemble(nn.Module):
  size: int = 4
  features: int = 32

  @nn.compact
  def __call__(self, x):
    members = nn.vmap(
        Member,
        variable_axes={'params': 0},
        split_rngs={'params': True},
        in_axes=None,
        axis_size=self.size,
        axis_name=ENSEMBLE_AXIS,
    )(self.features, name='members')
    return members(x)
