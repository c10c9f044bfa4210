import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np


def batch_stats(x, axis_name=None):
  mean = jnp.mean(x, axis=0)
  mean2 = jnp.mean(x * x, axis=0)
  if axis_name is not None:
    mean, mean2 = jax.lax.pmean((mean, mean2), axis_name)
  return mean, mean2 - mean * mean


def normalize(x, axis_name=None):
  m, v = batch_stats(x, axis_name)
  return (x - m) / jnp.sqrt(v + 1e-5)


mesh = Mesh(np.array(jax.devices()), ('batch',))

eval_fn = jax.jit(normalize)
train_fn = jax.jit(jax.shard_map(functools.partial(normalize, axis_name='batch'), mesh=mesh,
                                 in_specs=P('batch'), out_specs=P('batch')))

if __name__ == '__main__':
  x = jnp.ones((8, 4))
  eval_fn.trace(x).lower(lowering_platforms=('cuda',))
  train_fn.trace(x).lower(lowering_platforms=('cuda',))
