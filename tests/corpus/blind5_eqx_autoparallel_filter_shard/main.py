import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec as P


def get_data(key, n=64):
    x = jr.normal(key, (n, 1))
    return x, jnp.sin(x)


@eqx.filter_value_and_grad
def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y, sharding):
    replicated = NamedSharding(sharding.mesh, P())
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    loss, grads = compute_loss(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state, loss


num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
sharding = NamedSharding(mesh, P("batch"))

model = eqx.nn.MLP(1, 1, width_size=64, depth=2, key=jr.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
x, y = get_data(jr.PRNGKey(1))
x, y = eqx.filter_shard((x, y), sharding)

print(train_step.lower(model, opt_state, x, y, sharding).as_text()[:100])
