import jax
import jax.numpy as jnp

DATA_AXIS = 'data'


def mse(pred, target):
  """Mean squared error, averaged over every data-parallel replica."""
  local = jnp.mean((pred - target) ** 2)
  return jax.lax.pmean(local, axis_name=DATA_AXIS)
