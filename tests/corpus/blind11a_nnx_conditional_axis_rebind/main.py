import os

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh
from jax.sharding import PartitionSpec as P

SHARD_AXIS = 'data'
USE_FSDP = os.environ.get('USE_FSDP', '1') == '1'
if USE_FSDP:
  SHARD_AXIS = 'fsdp'


class GatheredLinear(nnx.Module):

  def __init__(self, din, dout, *, rngs):
    self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))

  def __call__(self, x):
    w = lax.all_gather(self.kernel[...], SHARD_AXIS, axis=0, tiled=True)
    return x @ w


def train_step(graphdef, params, x):
  def loss(params):
    model = nnx.merge(graphdef, params)
    return jnp.mean(model(x) ** 2)
  l, g = jax.value_and_grad(loss)(params)
  return lax.pmean(l, SHARD_AXIS), g


def main():
  mesh = Mesh(np.array(jax.devices()), (SHARD_AXIS,))
  model = GatheredLinear(64, 16, rngs=nnx.Rngs(0))
  graphdef, params = nnx.split(model)
  step = jax.jit(
      jax.shard_map(lambda p, x: train_step(graphdef, p, x), mesh=mesh,
                    in_specs=(P(SHARD_AXIS), P(SHARD_AXIS)), out_specs=(P(), P(SHARD_AXIS))))
  x = jnp.ones((16, 64))
  step.trace(params, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
