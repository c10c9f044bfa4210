import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("a", "b"))


@functools.partial(
    jax.shard_map, mesh=mesh, in_specs=(P("a", "b"), P("b", None)), out_specs=P("a", None)
)
def matmul_basic(a_block, b_block):
  # a_block: f32[2, 8]
  # b_block: f32[8, 4]
  c_partialsum = jnp.dot(a_block, b_block)
  c_block = jax.lax.psum(c_partialsum, "b")
  # c_block: f32[2, 4]
  return c_block


a = jax.device_put(jnp.arange(8 * 16.0).reshape(8, 16), NamedSharding(mesh, P("a", "b")))
b = jax.device_put(jnp.arange(16 * 4.0).reshape(16, 4), NamedSharding(mesh, P("b", None)))

print(jax.jit(matmul_basic).trace(a, b).lower(lowering_platforms=("cuda",)).as_text()[:40])
