import jax
import jax.numpy as jnp


def init_params(key, sizes):
  keys = jax.random.split(key, len(sizes) - 1)
  return [dict(w=jax.random.normal(k, (a, b)) * 0.01, b=jnp.zeros((b,)))
          for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def predict(params, x):
  for layer in params[:-1]:
    x = jax.nn.relu(x @ layer['w'] + layer['b'])
  return x @ params[-1]['w'] + params[-1]['b']
