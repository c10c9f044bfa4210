"""Negative-correlation-learning ensemble: every member sees the other members' predictions
(all_gather over the vmapped 'member' axis) and is penalised for agreeing with the mean."""
import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class Member(nn.Module):
  hidden: int = 32

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(1)(nn.relu(nn.Dense(self.hidden)(x)))
    ens_mean = lax.all_gather(y, 'member').mean(axis=0)
    return y, -jnp.mean((y - ens_mean) ** 2)


class Ensemble(nn.Module):
  size: int = 5

  @nn.compact
  def __call__(self, x):
    VMember = nn.vmap(Member, variable_axes={'params': 0}, split_rngs={'params': True},
                      in_axes=None, out_axes=0, axis_size=self.size, axis_name='member')
    return VMember(name='members')(x)
