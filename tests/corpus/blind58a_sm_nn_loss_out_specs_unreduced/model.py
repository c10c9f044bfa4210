import jax
import jax.numpy as jnp


def init_layer(key, n_in, n_out):
  k1, k2 = jax.random.split(key)
  return jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in), jax.random.normal(k2, (n_out,))


def init_params(key, sizes):
  keys = jax.random.split(key, len(sizes) - 1)
  return [init_layer(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def predict(params, inputs):
  for W, b in params:
    outputs = jnp.dot(inputs, W) + b
    inputs = jax.nn.relu(outputs)
  return outputs


def loss(params, batch):
  inputs, targets = batch
  predictions = predict(params, inputs)
  return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))
