from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from ops.collective_matmul import AXIS, allgather_matmul

mesh = Mesh(np.array(jax.devices()), (AXIS,))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(AXIS, None), P(None, AXIS)), out_specs=P(None, AXIS))
def sharded_matmul(lhs, rhs):
    return allgather_matmul(lhs, rhs)


lhs = jnp.ones((32, 64), jnp.float32)
rhs = jnp.ones((64, 128), jnp.float32)
sharded_matmul.trace(lhs, rhs).lower(lowering_platforms=("cuda",))
