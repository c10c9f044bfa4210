import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

RING = 8
mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Explicit,))


def shift_right(x):
  return lax.ppermute(x, 'x', perm=[(i, (i + 1) % RING) for i in range(RING)])


f = jax.jit(jax.shard_map(shift_right, mesh=mesh, in_specs=P('x'), out_specs=P('x')))
x = jax.device_put(jnp.arange(16.), jax.NamedSharding(mesh, P('x')))
f.trace(x).lower(lowering_platforms=('cuda',))
print('ok')
