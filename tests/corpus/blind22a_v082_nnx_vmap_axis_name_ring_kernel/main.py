import jax
import jax.numpy as jnp
from flax import nnx

from kernels.ring_allreduce import ring_all_reduce

TP = 4


class RowShard(nnx.Module):

  def __init__(self, d_in, d_out, rngs):
    self.w = nnx.Param(jax.random.normal(rngs.params(), (d_in, d_out)))

  def __call__(self, x):
    return ring_all_reduce(x @ self.w[...], axis_name='model', num_devices=TP)


@nnx.split_rngs(splits=TP)
@nnx.vmap(in_axes=0, out_axes=0)
def make_shards(rngs):
  return RowShard(32, 128, rngs)


@nnx.jit
def emulate(shards, xs):
  return nnx.vmap(lambda m, x: m(x), in_axes=(0, 0), axis_name='model')(shards, xs)


shards = make_shards(nnx.Rngs(0))
emulate.trace(shards, jnp.ones((TP, 8, 32))).lower(lowering_platforms=('tpu',))
