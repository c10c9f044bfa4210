from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mylib.parallel import collective_matmul

AXIS = 'i'
mesh = Mesh(np.array(jax.devices()), (AXIS,))
size = mesh.shape[AXIS]


def matmul_allgather_overlapped(lhs, rhs):
  return collective_matmul(lhs, rhs, axis_name=AXIS, size=size)


matmul_allgather_overlapped = jax.shard_map(
    matmul_allgather_overlapped, mesh=mesh,
    in_specs=(P(AXIS, None), P(None, AXIS)), out_specs=P(None, AXIS))
matmul_allgather_overlapped = jax.jit(matmul_allgather_overlapped)

lhs = jnp.ones((32, 64), jnp.bfloat16)
rhs = jnp.ones((64, 16), jnp.bfloat16)
matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=('cuda',))
