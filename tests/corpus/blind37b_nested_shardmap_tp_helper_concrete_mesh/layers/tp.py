from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P, AxisType

MESH = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'),
            axis_types=(AxisType.Explicit, AxisType.Explicit))


@partial(jax.shard_map, mesh=MESH, in_specs=(P(None, 'model'), P('model', None)),
         out_specs=P(), axis_names={'model'})
def row_parallel_matmul(x, w):
  return jax.lax.psum(x @ w, 'model')
