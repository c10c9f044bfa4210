import flax.linen as nn
import jax
import jax.numpy as jnp

ENSEMBLE_AXIS = 'ensemble'


class Member(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden)(x))
    logits = nn.Dense(3)(h)
    # members are regularised towards the ensemble mean prediction
    mean_logits = jax.lax.pmean(logits, axis_name=ENSEMBLE_AXIS)
    return logits, mean_logits


class Ensemble(nn.Module):
  size: int = 4
  hidden: int = 32

  @nn.compact
  def __call__(self, x):
    VMember = nn.vmap(Member, variable_axes={'params': 0}, split_rngs={'params': True},
                      in_axes=None, out_axes=0, axis_size=self.size, axis_name='ensemble')
    return VMember(self.hidden)(x)
