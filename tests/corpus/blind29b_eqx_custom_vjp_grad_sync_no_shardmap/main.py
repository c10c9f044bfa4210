import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from sync import sync_grads

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
model = eqx.nn.MLP(8, 1, width_size=32, depth=2, key=jax.random.PRNGKey(0))


@eqx.filter_value_and_grad
def loss_fn(model, x, y):
    params, static = eqx.partition(model, eqx.is_array)
    model = eqx.combine(sync_grads(params), static)
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def step(model, x, y):
    loss, grads = loss_fn(model, x, y)
    model = eqx.apply_updates(model, jax.tree.map(lambda g: -1e-2 * g, grads))
    return model, loss


x = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.ones((16, 1)), NamedSharding(mesh, P("data")))
params, static = eqx.partition(model, eqx.is_array)
lowered = jax.jit(lambda p, x, y: step(eqx.combine(p, static), x, y)[1]).trace(
    params, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
