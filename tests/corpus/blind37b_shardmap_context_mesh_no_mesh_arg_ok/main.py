import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType

mesh = jax.make_mesh((2, 2), ('x', 'y'), axis_types=(AxisType.Explicit,) * 2)


def matmul_reduce_scatter(a_block, b_block):
  c_partialsum = jnp.matmul(a_block, b_block)
  c_block = jax.lax.psum_scatter(c_partialsum, 'y', scatter_dimension=1, tiled=True)
  return c_block


matmul_reduce_scatter = jax.shard_map(
    matmul_reduce_scatter, in_specs=(P('x', 'y'), P('y', None)), out_specs=P('x', 'y'))

with jax.set_mesh(mesh):
  a = jax.device_put(jnp.arange(8 * 16.).reshape(8, 16), NamedSharding(mesh, P('x', 'y')))
  b = jax.device_put(jnp.arange(16 * 4.).reshape(16, 4), NamedSharding(mesh, P('y', None)))
  lowered = jax.jit(matmul_reduce_scatter).trace(a, b).lower(lowering_platforms=('cuda',))
print('ok', 'reduce_scatter' in lowered.as_text())
