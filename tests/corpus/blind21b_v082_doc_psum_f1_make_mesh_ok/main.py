from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('i', 'j'))


def reduce_cols(x):
  return lax.psum(x, 'j')


def average_cols(x):
  return lax.pmean(x, 'j')


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('i', 'j')), out_specs=P('i', None))
def f1(pred, x_block):
  return lax.cond(pred, reduce_cols, average_cols, x_block)


x = jnp.arange(8 * 16.).reshape(8, 16)
f1.trace(jnp.bool_(True), x).lower(lowering_platforms=('cuda',))
