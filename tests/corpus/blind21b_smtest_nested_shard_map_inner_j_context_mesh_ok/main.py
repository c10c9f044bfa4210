from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('i', 'j'), axis_types=(AxisType.Auto, AxisType.Auto))


@partial(jax.shard_map, in_specs=P('j'), out_specs=P(), axis_names={'j'})
def inner(x):
  return lax.psum(x.sum(keepdims=True), 'j')


@partial(jax.shard_map, in_specs=P('i'), out_specs=P('i'), axis_names={'i'})
def outer(x):
  return inner(x.reshape(-1)) + lax.psum(1.0, 'i')


with jax.set_mesh(mesh):
  jax.jit(outer).trace(jnp.arange(16.)).lower(lowering_platforms=('cuda',))
