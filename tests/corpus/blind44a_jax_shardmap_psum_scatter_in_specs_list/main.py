from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('i',))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=[P(None, 'i'), P('i', None)],
         out_specs=P('i', None))
def matmul_psumscatter(lhs_block, rhs_block):
  out_summand = lhs_block @ rhs_block
  return lax.psum_scatter(out_summand, 'i', scatter_dimension=0, tiled=True)


lhs = jnp.ones((8, 16))
rhs = jnp.ones((16, 12))
print(matmul_psumscatter.trace(lhs, rhs).lower(lowering_platforms=('cuda',)).as_text()[:40])
