from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',))


@jax.custom_vjp
def gather_params(x):
  return jax.lax.all_gather(x, 'batch', tiled=True)


def gather_params_fwd(x):
  return gather_params(x), None


def gather_params_bwd(_, g):
  return jax.lax.psum_scatter(g, 'batch', tiled=True),


gather_params.defvjp(gather_params_fwd, gather_params_bwd)


def predict_fsdp(params, inputs):
  for W, b in params:
    outputs = jnp.dot(inputs, gather_params(W)) + gather_params(b)
    inputs = jax.nn.relu(outputs)
  return outputs


@partial(jax.shard_map, mesh=mesh, in_specs=(P('batch'), P('batch')), out_specs=P())
def loss_fsdp(params, batch):
  inputs, targets = batch
  predictions = predict_fsdp(params, inputs)
  return jax.lax.pmean(jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1)), 'batch')


def init_layer(key, n_in, n_out):
  k1, k2 = jax.random.split(key)
  return jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in), jax.random.normal(k2, (n_out,))


def init(key, sizes, batch_size):
  keys = jax.random.split(key, len(sizes))
  params = [init_layer(k, m, n) for k, m, n in zip(keys[1:], sizes[:-1], sizes[1:])]
  inputs = jax.random.normal(keys[0], (batch_size, sizes[0]))
  return params, (inputs, jnp.zeros((batch_size, sizes[-1])))


params, batch = init(jax.random.key(0), [16, 32, 32, 8], 32)
sharding = NamedSharding(mesh, P('batch'))
params = jax.device_put(params, sharding)
batch = jax.device_put(batch, sharding)
jax.jit(jax.grad(loss_fsdp)).trace(params, batch).lower(lowering_platforms=('cuda',))
