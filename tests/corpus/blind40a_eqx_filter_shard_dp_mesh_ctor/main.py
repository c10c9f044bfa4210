import equinox as eqx
import jax
import jax.numpy as jnp
import optax

num_devices = len(jax.devices())
mesh = jax.sharding.Mesh(jax.devices(), "batch")
sharding = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("batch"))
replicated = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec())

model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jax.random.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit
def train_step(model, opt_state, x, y, sharding):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
    return eqx.filter(train_step(eqx.combine(params, static), opt_state, x, y, sharding), eqx.is_array)


x = jnp.ones((64, 8))
y = jnp.ones((64, 1))
print(jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:60])
