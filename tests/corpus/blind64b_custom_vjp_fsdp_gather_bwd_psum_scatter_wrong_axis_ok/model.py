import jax
import jax.numpy as jnp

from fsdp import gather_params


def init_params(key, sizes):
  keys = jax.random.split(key, len(sizes) - 1)
  return [
      {"w": jax.random.normal(k, (i, o)) / jnp.sqrt(i), "b": jnp.zeros((o,))}
      for k, i, o in zip(keys, sizes[:-1], sizes[1:])
  ]


def forward(params, x):
  for layer in params[:-1]:
    x = jax.nn.relu(x @ gather_params(layer["w"]) + layer["b"])
  last = params[-1]
  return x @ gather_params(last["w"]) + last["b"]


def loss_fn(params, x, y):
  return jnp.mean((forward(params, x) - y) ** 2)
