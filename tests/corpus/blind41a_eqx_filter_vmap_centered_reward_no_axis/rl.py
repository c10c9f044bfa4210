import jax
import jax.numpy as jnp

GROUP = 'group'


def group_relative(r):
  mu = jax.lax.pmean(r, GROUP)
  var = jax.lax.pmean((r - mu) ** 2, GROUP)
  return (r - mu) / jnp.sqrt(var + 1e-6)
