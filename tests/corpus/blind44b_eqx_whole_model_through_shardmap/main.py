import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def per_device_step(model, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
  grads = lax.pmean(grads, "data")
  model = eqx.apply_updates(model, jax.tree.map(lambda g: -1e-2 * g, grads))
  new_params, _ = eqx.partition(model, eqx.is_array)
  return new_params, lax.pmean(loss, "data")


sharded_step = jax.shard_map(
    per_device_step, mesh=mesh,
    in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))


@jax.jit
def train_step(params, x, y):
  model = eqx.combine(params, static)
  return sharded_step(model, x, y)


x = jax.device_put(jnp.ones((64, 8)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.zeros((64, 1)), NamedSharding(mesh, P("data")))
print(train_step.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
