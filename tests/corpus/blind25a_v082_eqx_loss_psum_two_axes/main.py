import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
model = eqx.nn.MLP(4, 1, 16, 1, key=jr.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(params, x, y):
  pred = jax.vmap(eqx.combine(params, static))(x)
  return jnp.mean((pred - y) ** 2)


def step(params, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(params, x, y)
  loss = jax.lax.psum(loss, ('data', 'model')) / 4
  grads = jax.lax.pmean(grads, 'data')
  return loss, grads


f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P())))
params = jax.device_put(params, jax.NamedSharding(mesh, P()))
x = jax.device_put(jnp.ones((8, 4)), jax.NamedSharding(mesh, P('data')))
y = jax.device_put(jnp.ones((8, 1)), jax.NamedSharding(mesh, P('data')))
f.trace(params, x, y).lower(lowering_platforms=('cuda',))
print('ok')
