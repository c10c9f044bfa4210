from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('batch', 'model'))


def init_layer(key, n_in, n_out):
  k1, k2 = jax.random.split(key)
  W = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
  b = jax.random.normal(k2, (n_out,))
  return W, b


def init_model(key, layer_sizes, batch_size):
  key, *keys = jax.random.split(key, len(layer_sizes))
  params = list(map(init_layer, keys, layer_sizes[:-1], layer_sizes[1:]))
  key, *keys = jax.random.split(key, 3)
  inputs = jax.random.normal(keys[0], (batch_size, layer_sizes[0]))
  targets = jax.random.normal(keys[1], (batch_size, layer_sizes[-1]))
  return params, (inputs, targets)


def predict(params, inputs):
  for W, b in params:
    outputs = jnp.dot(inputs, W) + b
    outputs = jax.lax.with_sharding_constraint(outputs, NamedSharding(mesh, P('batch', None)))
    inputs = jax.nn.relu(outputs)
  return outputs


def loss(params, batch):
  inputs, targets = batch
  predictions = predict(params, inputs)
  return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))


def gradient_descent_step(params, batch, step_size=1e-3):
  grads = jax.grad(loss)(params, batch)
  return [(W - step_size * dW, b - step_size * db)
          for (W, b), (dW, db) in zip(params, grads)]


replicated = NamedSharding(mesh, P())
batch_sharding = NamedSharding(mesh, P('batch'))
param_shardings = [(NamedSharding(mesh, P(None, 'model')), NamedSharding(mesh, P('model')))] * 3

step = jax.jit(gradient_descent_step,
               in_shardings=(param_shardings, (batch_sharding, batch_sharding)),
               out_shardings=param_shardings)

if __name__ == '__main__':
  params, batch = init_model(jax.random.key(0), [32, 64, 64, 16], 64)
  step.trace(params, batch).lower(lowering_platforms=('tpu',))
