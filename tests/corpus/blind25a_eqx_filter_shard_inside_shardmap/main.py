import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
data_sharding = NamedSharding(mesh, P('data'))

model = eqx.nn.MLP(8, 1, 32, 2, key=jr.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss(params, x, y):
  x = eqx.filter_shard(x, data_sharding)
  pred = jax.vmap(eqx.combine(params, static))(x)
  return jax.lax.pmean(jnp.mean((pred - y) ** 2), 'data')


grad_fn = jax.shard_map(jax.grad(loss), mesh=mesh, in_specs=(P(), P('data'), P('data')),
                        out_specs=P())
params = jax.device_put(params, NamedSharding(mesh, P()))
x = jax.device_put(jnp.ones((32, 8)), data_sharding)
y = jax.device_put(jnp.ones((32, 1)), data_sharding)
jax.jit(grad_fn).trace(params, x, y).lower(lowering_platforms=('cuda',))
print('ok')
