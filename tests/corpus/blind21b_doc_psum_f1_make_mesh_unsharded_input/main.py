from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('i', 'j'))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P('i', 'j'), out_specs=P('i', None))
def f1(x_block):
  print('BEFORE:\n', x_block)
  y_block = jax.lax.psum(x_block, 'j')
  print('AFTER:\n', y_block)
  return y_block


x = jnp.arange(8 * 16.).reshape(8, 16)
f1.trace(x).lower(lowering_platforms=('cuda',))
