import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Auto,))


def matmul_psumscatter(lhs_block, rhs_block):
  out_summand = lhs_block @ rhs_block
  return lax.psum_scatter(out_summand, 'i', scatter_dimension=0, tiled=True)


f = jax.jit(jax.shard_map(matmul_psumscatter, mesh=mesh,
                          in_specs=(P(None, 'i'), P('i', None)), out_specs=P('i', None)))
lhs = jnp.ones((6, 16)); rhs = jnp.ones((16, 8))
print(f.trace(lhs, rhs).lower(lowering_platforms=('cuda',)).as_text()[:30])
