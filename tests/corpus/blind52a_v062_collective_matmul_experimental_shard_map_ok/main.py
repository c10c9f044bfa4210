from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from ops import AXIS, collective_matmul_allgather_lhs_non_contracting

DISTRIBUTED = True

mesh = Mesh(jax.devices()[:4], (AXIS,))

if DISTRIBUTED:
    matmul = shard_map(collective_matmul_allgather_lhs_non_contracting, mesh=mesh,
                       in_specs=(P(AXIS, None), P(None, AXIS)), out_specs=P(None, AXIS))
else:
    matmul = collective_matmul_allgather_lhs_non_contracting

matmul = jax.jit(matmul)

lhs = jnp.arange(8 * 16.0).reshape(8, 16)
rhs = jnp.arange(16 * 8.0).reshape(16, 8)
print(matmul.trace(lhs, rhs).lower(lowering_platforms=("cuda",)).as_text()[:40])
