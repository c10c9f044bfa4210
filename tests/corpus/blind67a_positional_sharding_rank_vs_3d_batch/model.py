import jax
import jax.numpy as jnp


def init_layer(key, n_in, n_out):
  k1, k2 = jax.random.split(key)
  w = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
  b = jax.random.normal(k2, (n_out,))
  return w, b


def init(key, layer_sizes):
  keys = jax.random.split(key, len(layer_sizes))
  return [init_layer(k, n_in, n_out)
          for k, n_in, n_out in zip(keys, layer_sizes[:-1], layer_sizes[1:])]


def predict(params, inputs):
  for W, b in params:
    outputs = jnp.dot(inputs, W) + b
    inputs = jnp.tanh(outputs)
  return outputs


def loss(params, batch):
  inputs, targets = batch
  predictions = predict(params, inputs)
  return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))
