from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))


@jax.jit
@partial(jax.shard_map, in_specs=P('i'), out_specs=P())
def f3(x_block):
  return jax.lax.all_gather(x_block, 'i', tiled=True)


@jax.jit
@partial(jax.shard_map, in_specs=P('i'), out_specs=P('i'))
def f4(x_block):
  stacked = jax.lax.all_gather(x_block, 'i', axis=1)
  return stacked.sum(axis=1)


with jax.set_mesh(mesh):
  x = jax.device_put(jnp.array([3, 9, 5, 2, 1, 4, 7, 0]), P('i'))
  f3.trace(x).lower(lowering_platforms=('cuda',))
  f4.trace(x).lower(lowering_platforms=('cuda',))
