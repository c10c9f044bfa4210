import equinox as eqx
import jax
import jax.numpy as jnp
import optax

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
data_sharding = jax.NamedSharding(mesh, jax.P("batch"))
model_sharding = jax.NamedSharding(mesh, jax.P())

model = eqx.nn.MLP(in_size=16, out_size=1, width_size=64, depth=2, key=jax.random.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y):
    model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
    x, y = eqx.filter_shard((x, y), data_sharding)

    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
    return model, opt_state


params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
    new_model, new_opt_state = train_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(new_model, eqx.is_array), new_opt_state


x = jax.device_put(jnp.ones((32, 16)), data_sharding)
y = jax.device_put(jnp.ones((32, 1)), data_sharding)
params, opt_state = eqx.filter_shard((params, opt_state), model_sharding)
print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
