import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.lax import axis_size, pmax, pmean, psum
from jax.sharding import Mesh, PartitionSpec as P


class Scorer(nnx.Module):

  def __init__(self, rngs):
    self.enc = nnx.Linear(12, 24, rngs=rngs)
    self.head = nnx.Linear(24, 1, rngs=rngs)
    self.mode = nnx.Variable(jnp.array(1, jnp.int32))

  def __call__(self, x):
    return self.head(nnx.relu(self.enc(x)))[:, 0]


def reduce_mean(v, axis):
  return pmean(jnp.mean(v), axis)


def reduce_max(v, axis):
  return pmax(jnp.max(v), axis)


def reduce_sum_normalized(v, axis):
  return psum(jnp.sum(v), axis) / (axis_size(axis) * v.shape[0])


mesh = Mesh(np.array(jax.devices()), ('batch',))


@nnx.jit
@functools.partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P('batch')), out_specs=P())
def eval_metric(model, x):
  scores = model(x)
  branches = [functools.partial(f, axis='batch')
              for f in (reduce_mean, reduce_max, reduce_sum_normalized)]
  return nnx.switch(model.mode[...], branches, scores)


def main():
  model = Scorer(nnx.Rngs(3))
  x = jnp.ones((32, 12))
  eval_metric.trace(model, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
