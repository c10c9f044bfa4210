"""Data-parallel outer shard_map over 'data' only; the layer inside calls a tensor-parallel
helper that opens its own shard_map over 'model' with the same concrete Mesh object."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from layers.tp import tp_matmul

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('data'), P()), out_specs=P('data'),
         axis_names={'data'})
def layer(x, w):
    y = tp_matmul(mesh, x, w)
    return jax.nn.relu(y)


print(layer.trace(jnp.ones((8, 16)), jnp.ones((16, 32))).lower(lowering_platforms=('cuda',)) is not None)
