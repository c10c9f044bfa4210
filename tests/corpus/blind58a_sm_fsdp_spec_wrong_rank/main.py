"""FSDP MLP from the shard_map doc: params sharded over 'batch', gathered per layer."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',))
layer_sizes = [64, 128, 128, 8]
batch_size = 32


def init_layer(key, n_in, n_out):
  k1, k2 = jax.random.split(key)
  W = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
  b = jax.random.normal(k2, (n_out,))
  return W, b


def gather_weights(params):
  return jax.lax.all_gather(params, 'batch', tiled=True)


def predict_fsdp(params_frag, inputs):
  for W_frag, b_frag in params_frag:
    W = gather_weights(W_frag)
    b = gather_weights(b_frag)
    outputs = jnp.dot(inputs, W) + b
    inputs = jax.nn.relu(outputs)
  return outputs


def loss_fsdp(params, batch):
  inputs, targets = batch
  predictions = predict_fsdp(params, inputs)
  sq_err = jnp.sum(jnp.square(predictions - targets), axis=-1)
  return jax.lax.pmean(jnp.mean(sq_err), 'batch')


# every parameter is sharded over 'batch' along its leading dim
param_spec = P('batch', None)
params_specs = [(param_spec, param_spec)] * (len(layer_sizes) - 1)

loss_fsdp_sharded = jax.jit(shard_map(
    loss_fsdp, mesh=mesh,
    in_specs=(params_specs, P('batch')), out_specs=P()))


if __name__ == '__main__':
  keys = jax.random.split(jax.random.key(0), len(layer_sizes) - 1)
  params = [init_layer(k, n_in, n_out)
            for k, n_in, n_out in zip(keys, layer_sizes[:-1], layer_sizes[1:])]
  params = jax.device_put(params, NamedSharding(mesh, P('batch')))
  batch = (jnp.ones((batch_size, layer_sizes[0])), jnp.ones((batch_size, layer_sizes[-1])))
  loss_fsdp_sharded.trace(params, batch).lower(lowering_platforms=('tpu',))
