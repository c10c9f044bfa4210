import jax
import jax.numpy as jnp
import flax.linen as nn


class Member(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features)(x)
    # centre each member's activations on the ensemble-average activation
    h = h - jax.lax.pmean(h, axis_name='ensemble')
    return nn.Dense(1)(nn.tanh(h))


class Ensemble(nn.Module):
  features: int
  size: int

  @nn.compact
  def __call__(self, x):
    members = nn.vmap(Member, in_axes=None, out_axes=0,
                      variable_axes={'params': 0},
                      split_rngs={'params': True},
                      axis_size=self.size, axis_name='ensemble')
    return members(self.features)(x)
