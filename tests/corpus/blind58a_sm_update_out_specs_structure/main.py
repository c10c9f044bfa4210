"""Data-parallel SGD update where the whole step runs under shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec

P = PartitionSpec
mesh = jax.make_mesh((4,), ('batch',))


def predict(params, inputs):
  for W, b in params:
    outputs = jnp.dot(inputs, W) + b
    inputs = jax.nn.relu(outputs)
  return outputs


def loss(params, batch):
  inputs, targets = batch
  predictions = predict(params, inputs)
  return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P('batch')), out_specs=(P(), P()))
def update(params, batch, lr=0.05):
  grads = jax.grad(loss)(params, batch)
  grads = jax.lax.pmean(grads, 'batch')
  return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


if __name__ == '__main__':
  sizes = [8, 16, 16, 2]
  params = [(jnp.zeros((a, b)), jnp.zeros((b,))) for a, b in zip(sizes[:-1], sizes[1:])]
  batch = (jnp.ones((32, 8)), jnp.ones((32, 2)))
  update.trace(params, batch).lower(lowering_platforms=('tpu',))
