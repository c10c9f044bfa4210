from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Explicit,))


@partial(jax.shard_map, mesh=mesh, in_specs=(P('i', None), P(None, 'i')),
         out_specs=P(None, 'i'))
def matmul_allgather(lhs_block, rhs_block):
  lhs = jax.lax.all_gather(lhs_block, 'i', tiled=True)
  return lhs @ rhs_block


lhs = jax.ShapeDtypeStruct((8, 16), jnp.float32,
                           sharding=jax.sharding.NamedSharding(mesh, P('i', None)))
rhs = jax.ShapeDtypeStruct((16, 32), jnp.float32,
                           sharding=jax.sharding.NamedSharding(mesh, P(None, 'i')))
lowered = jax.jit(matmul_allgather).trace(lhs, rhs).lower(lowering_platforms=('cuda',))
print("lowered", len(lowered.as_text()) > 0)
