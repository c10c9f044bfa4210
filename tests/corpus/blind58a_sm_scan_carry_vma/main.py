"""Microbatched data-parallel loss: scan over microbatches inside shard_map."""
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('batch',))
N_MICRO = 4


def predict(params, inputs):
  for W, b in params:
    outputs = jnp.dot(inputs, W) + b
    inputs = jax.nn.relu(outputs)
  return outputs


def loss(params, batch):
  inputs, targets = batch
  return jnp.mean(jnp.sum((predict(params, inputs) - targets) ** 2, axis=-1))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch')), out_specs=P())
def accumulated_loss(params, local_batch):
  micro = jax.tree.map(lambda x: x.reshape(N_MICRO, -1, *x.shape[1:]), local_batch)

  def body(total, mb):
    return total + loss(params, mb), None

  total, _ = lax.scan(body, jnp.zeros(()), micro)
  return lax.pmean(total / N_MICRO, 'batch')


def main():
  sizes = [16, 32, 4]
  params = [(jnp.ones((a, b)), jnp.zeros((b,))) for a, b in zip(sizes[:-1], sizes[1:])]
  sh = NamedSharding(mesh, P('batch'))
  batch = (jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=sh),
           jax.ShapeDtypeStruct((64, 4), jnp.float32, sharding=sh))
  jax.jit(accumulated_loss).trace(params, batch).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
