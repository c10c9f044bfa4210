"""Data-parallel MLP training step, Equinox "Parallelism" example style, on a mesh
built with jax.make_mesh (no axis_types)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax

dataset_size = 64
channel_size = 4
hidden_size = 32
depth = 1
learning_rate = 3e-4
batch_size = 16

xs = np.random.normal(size=(dataset_size, channel_size)).astype(np.float32)
ys = np.sin(xs)

model = eqx.nn.MLP(channel_size, channel_size, hidden_size, depth, key=jr.PRNGKey(6789))
optim = optax.adam(learning_rate)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y, sharding):
    replicated = jax.sharding.NamedSharding(sharding.mesh, jax.sharding.PartitionSpec())
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
sharding = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("batch"))

params, static = eqx.partition(model, eqx.is_array)


def step_arrays(params, opt_state, x, y):
    new_model, new_opt_state = train_step(eqx.combine(params, static), opt_state, x, y, sharding)
    return eqx.filter(new_model, eqx.is_array), new_opt_state


x, y = xs[:batch_size], ys[:batch_size]
lowered = jax.jit(step_arrays).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered", type(lowered).__name__)
