import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


# No mesh= here: the mesh comes from jax.set_mesh in the caller.
@jax.shard_map(in_specs=(P('x', 'y'), P('y', None)),
               out_specs=P('x', None))
def matmul_basic(a_block, b_block):
  c_partialsum = jnp.dot(a_block, b_block)
  c_block = jax.lax.psum(c_partialsum, 'y')
  return c_block
