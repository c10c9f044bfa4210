import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Explicit,))


def normalized(x, scale):
  total = jax.lax.psum(jnp.sum(x), 'data')
  return x * scale / total


sharded = jax.shard_map(normalized, mesh=mesh, in_specs=(P('data'), P()), out_specs=P('data'))
f = jax.jit(jax.vmap(sharded, in_axes=(None, 0)))
x = jax.device_put(jnp.arange(1., 17.), jax.NamedSharding(mesh, P('data')))
scales = jax.device_put(jnp.array([1., 2., 3.]), jax.NamedSharding(mesh, P()))
f.trace(x, scales).lower(lowering_platforms=('cuda',))
print('ok')
