import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Auto,))


def add_and_reduce(a, b):
  return jax.lax.psum(a + b, 'i')


# a single PartitionSpec is a tree prefix of (a, b): it applies to both
f = jax.shard_map(add_and_reduce, mesh=mesh, in_specs=P('i'), out_specs=P())
a = jnp.ones((8,)); b = jnp.ones((8,))
print(jax.jit(f).trace(a, b).lower(lowering_platforms=('cuda',)).as_text()[:40])
