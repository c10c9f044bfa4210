import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

try:
  from jax.experimental.shard_map import shard_map
except ImportError:
  from jax import shard_map

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))
model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(params, x, y):
  m = eqx.combine(params, static)
  pred = jax.vmap(m)(x)
  return jnp.mean((pred - y) ** 2)


def local_step(params, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(params, x, y)
  grads = lax.pmean(grads, 'data')
  return loss, grads


step = eqx.filter_jit(shard_map(local_step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                                out_specs=(P(), P())))
x = jnp.ones((32, 8))
y = jnp.ones((32, 1))
print(jax.jit(step).trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:60])
