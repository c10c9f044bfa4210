import jax.numpy as jnp


def mse(pred, target):
  return jnp.mean((pred - target) ** 2)
