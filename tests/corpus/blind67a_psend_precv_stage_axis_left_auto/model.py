import jax
import jax.numpy as jnp


def init(key, n_stages, d):
  return {
      "w": jax.random.normal(key, (n_stages, d, d)) * d ** -0.5,
      "b": jnp.zeros((n_stages, d)),
  }


def layer(p, x):
  return jax.nn.gelu(x @ p["w"][0] + p["b"][0])
