import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import numpy as np
import optax

# Hyperparameters
dataset_size = 64
channel_size = 4
hidden_size = 32
depth = 1
learning_rate = 3e-4
batch_size = 16  # must be a multiple of our number of devices.

xs = np.random.normal(size=(dataset_size, channel_size)).astype(np.float32)
ys = np.sin(xs)

model = eqx.nn.MLP(channel_size, channel_size, hidden_size, depth, key=jr.PRNGKey(6789))
optim = optax.adam(learning_rate)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y, sharding, replicated):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",), axis_types=(jshard.AxisType.Auto,))
sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
replicated = jshard.NamedSharding(mesh, jshard.PartitionSpec())

arrays, static = eqx.partition((model, opt_state), eqx.is_array)


def step_for_lowering(arrays, x, y):
    model, opt_state = eqx.combine(arrays, static)
    model, opt_state = train_step(model, opt_state, x, y, sharding, replicated)
    return eqx.filter((model, opt_state), eqx.is_array)


x, y = jnp.asarray(xs[:batch_size]), jnp.asarray(ys[:batch_size])
lowered = jax.jit(step_for_lowering).trace(arrays, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
