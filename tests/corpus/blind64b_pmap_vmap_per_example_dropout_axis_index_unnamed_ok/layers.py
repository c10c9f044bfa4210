import jax
import jax.numpy as jnp
from jax import lax


def init_mlp(key, sizes):
  params = []
  for k, (i, o) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
    params.append((jax.random.normal(k, (i, o)) * i ** -0.5, jnp.zeros((o,))))
  return params


def dropout(x, rate, key):
  # Distinct masks per device and per example.
  key = jax.random.fold_in(key, lax.axis_index("devices"))
  key = jax.random.fold_in(key, lax.axis_index("batch"))
  keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
  return jnp.where(keep, x / (1.0 - rate), 0.0)


def mlp(params, x, key, rate=0.1):
  for w, b in params[:-1]:
    x = dropout(jax.nn.relu(x @ w + b), rate, key)
  w, b = params[-1]
  return x @ w + b
