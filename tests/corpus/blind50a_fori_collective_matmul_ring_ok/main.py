from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from parallel import matmul_allgather_overlapped

mesh = jax.make_mesh((4,), ('i',), axis_types=(AxisType.Auto,))

lhs_spec = P('i', None)
rhs_spec = P('i', None)

collective_matmul = jax.jit(
    jax.shard_map(partial(matmul_allgather_overlapped, axis_name='i'),
                  mesh=mesh, in_specs=(lhs_spec, rhs_spec), out_specs=rhs_spec))

lhs = jax.random.normal(jax.random.key(0), (8, 8))
rhs = jax.random.normal(jax.random.key(1), (8, 4))
print(collective_matmul.trace(lhs, rhs).lower(lowering_platforms=('cuda',)).as_text()[:40])
