from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit, AxisType.Explicit))


@partial(jax.shard_map, in_specs=(P(None, 'model'), P('model', None)), out_specs=P(),
         axis_names={'model'})
def tp_matmul(x, w):
  return jax.lax.psum(x @ w, 'model')


@partial(jax.shard_map, in_specs=(P('data', None), P()), out_specs=P('data', None),
         axis_names={'data'})
def dp_block(x, w):
  y = tp_matmul(x, w)
  return jax.nn.relu(y)


with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P('data', None)))
  w = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P()))
  jax.jit(dp_block).trace(x, w).lower(lowering_platforms=('cuda',))
