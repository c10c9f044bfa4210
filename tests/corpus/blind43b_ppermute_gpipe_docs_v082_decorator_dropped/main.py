import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import pipeline
from pipeline import spmd_pipeline


def init_layer(key, n_in, n_out):
  k1, k2 = jax.random.split(key)
  W = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
  b = jax.random.normal(k2, (n_out,))
  return W, b


def init(key, layer_sizes, batch_size):
  key, *keys = jax.random.split(key, len(layer_sizes))
  params = list(map(init_layer, keys, layer_sizes[:-1], layer_sizes[1:]))
  key, *keys = jax.random.split(key, 3)
  inputs = jax.random.normal(keys[0], (batch_size, layer_sizes[0]))
  targets = jax.random.normal(keys[1], (batch_size, layer_sizes[-1]))
  return params, (inputs, targets)


layer_sizes = [64, 32, 32, 32, 32, 32, 8]
batch_size = 32
params, batch = init(jax.random.key(0), layer_sizes, batch_size)

S, B = 2, 8
L = len(params) - 2
pipeline.configure(L, S, B, params[0][0].shape[1], batch_size)
K = pipeline.K

mesh = Mesh(jax.devices()[:S], ('stages',))


def predict_pp(params, inputs):
  (W_first, b_first), inner_params, (W_last, b_last) = params
  inputs = jax.nn.relu(jnp.dot(inputs, W_first) + b_first)
  inputs = spmd_pipeline(lambda Wb, x: jax.nn.relu(x @ Wb[0] + Wb[1]),
                         inner_params, inputs)
  outputs = jnp.dot(inputs, W_last) + b_last
  return outputs


# inputs are already placed on the 'stages' mesh; let jit propagate shardings
def loss_pp(params, batch):
  inputs, targets = batch
  predictions = predict_pp(params, inputs.reshape(K * S, B, -1)).reshape(K * S * B, -1)
  return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))


first_params, *inner_params, last_params = params
Ws, bs = zip(*inner_params)
params_stacked = jnp.stack(Ws), jnp.stack(bs)
first_params = jax.device_put(first_params, NamedSharding(mesh, P()))
params_stacked = jax.device_put(params_stacked, NamedSharding(mesh, P('stages')))
last_params = jax.device_put(last_params, NamedSharding(mesh, P()))
params_ = first_params, params_stacked, last_params
batch_ = jax.device_put(batch, NamedSharding(mesh, P('stages')))

with jax.set_mesh(mesh):
  lowered = jax.jit(jax.grad(loss_pp)).trace(params_, batch_).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
