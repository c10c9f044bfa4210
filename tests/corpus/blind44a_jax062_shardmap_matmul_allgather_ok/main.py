from functools import partial

import jax
import jax.lax as L
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((4,)), ('i',))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P('i', None), P('i', None)),
         out_specs=P('i', None))
def matmul_allgather(lhs_block, rhs_block):
  rhs = L.all_gather(rhs_block, 'i', tiled=True)
  return lhs_block @ rhs


lhs = jax.random.normal(jax.random.PRNGKey(0), (8, 16))
rhs = jax.random.normal(jax.random.PRNGKey(1), (16, 12))
print(matmul_allgather.trace(lhs, rhs).lower(lowering_platforms=('cuda',)).as_text()[:40])
