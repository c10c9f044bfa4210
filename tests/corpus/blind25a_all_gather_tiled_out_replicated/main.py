import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Explicit,))


def gather_all(x):
  return jax.lax.all_gather(x, 'i', tiled=True)


f = jax.jit(jax.shard_map(gather_all, mesh=mesh, in_specs=P('i'), out_specs=P()))
x = jax.device_put(jnp.arange(16.), jax.NamedSharding(mesh, P('i')))
f.trace(x).lower(lowering_platforms=('cuda',))
print('ok')
