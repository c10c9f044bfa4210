import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('x', 'y'))
jax.set_mesh(mesh)

a = jax.device_put(jnp.arange(8 * 16.).reshape(8, 16), P('x', 'y'))
b = jax.device_put(jnp.arange(16 * 4.).reshape(16, 4), P('y', None))


@jax.jit
@jax.shard_map(in_specs=(P('x', 'y'), P('y', None)), out_specs=P('x', None))
def matmul_basic(a_block, b_block):
  # a_block: f32[4, 8]
  # b_block: f32[8, 4]
  c_block = jnp.dot(a_block, b_block)
  # c_block: f32[4, 4]
  return c_block


print(matmul_basic.trace(a, b).lower(lowering_platforms=('cuda',)).as_text()[:40])
