import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("x", "y"))

a = jnp.arange(8 * 16.0).reshape(8, 16)
b = jnp.arange(16 * 4.0).reshape(16, 4)


@jax.shard_map(mesh=mesh, in_specs=(P("x", "y"), P("y", None)), out_specs=P("x", None))
def matmul_basic(a_block, b_block):
  c_partialsum = jnp.dot(a_block, b_block)
  return jax.lax.psum(c_partialsum, "y")


# compile ahead of time, then place the data for the actual run
lowered = jax.jit(matmul_basic).trace(a, b).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])

a = jax.device_put(a, NamedSharding(mesh, P("x", "y")))
b = jax.device_put(b, NamedSharding(mesh, P("y", None)))
