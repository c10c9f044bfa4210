import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

# Keep the pre-0.10 behaviour: Auto axes, sharding constraints are hints.
mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())

key = jax.random.PRNGKey(0)
model = eqx.nn.MLP(8, 2, 64, 2, key=key)
params, static = eqx.partition(model, eqx.is_array)
params = jax.tree.map(lambda a: jax.device_put(a, replicated), params)
model = eqx.combine(params, static)

optim = optax.sgd(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_value_and_grad
def loss_fn(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_jit
def train_step(model, opt_state, x, y):
    x = eqx.filter_shard(x, data_sharding)
    y = eqx.filter_shard(y, data_sharding)
    loss, grads = loss_fn(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, model)
    model = eqx.apply_updates(model, updates)
    model = eqx.filter_shard(model, replicated)
    return loss, eqx.filter(model, eqx.is_array), opt_state


x = jax.device_put(jnp.ones((32, 8)), data_sharding)
y = jax.device_put(jnp.zeros((32, 2)), data_sharding)

step = jax.jit(lambda p, o, a, b: train_step(eqx.combine(p, static), o, a, b))
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
