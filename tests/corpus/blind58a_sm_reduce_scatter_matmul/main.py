from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(None, 'i'), P('i', None)),
         out_specs=P('i', None))
def matmul_psumscatter(lhs_block, rhs_block):
  out_summand = lhs_block @ rhs_block
  return jax.lax.psum_scatter(out_summand, 'i', tiled=True)


if __name__ == '__main__':
  lhs = jax.ShapeDtypeStruct((8, 16), jnp.float32,
                             sharding=NamedSharding(mesh, P(None, 'i')))
  rhs = jax.ShapeDtypeStruct((16, 8), jnp.float32,
                             sharding=NamedSharding(mesh, P('i', None)))
  matmul_psumscatter.trace(lhs, rhs).lower(lowering_platforms=('tpu',))
