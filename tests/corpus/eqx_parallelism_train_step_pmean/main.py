"""Equinox's autoparallelism example with the gradients additionally averaged by
jax.lax.pmean over the mesh's 'batch' axis inside the eqx.filter_jit step."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import numpy as np
import optax  # https://github.com/deepmind/optax

# Hyperparameters
dataset_size = 64
channel_size = 4
hidden_size = 32
depth = 1
learning_rate = 3e-4
num_steps = 100
batch_size = 16  # must be a multiple of our number of devices.

# Generate some synthetic data
xs = np.random.normal(size=(dataset_size, channel_size))
ys = np.sin(xs)

model = eqx.nn.MLP(channel_size, channel_size, hidden_size, depth, key=jr.PRNGKey(6789))
optim = optax.adam(learning_rate)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


# Loss function for a batch of data
def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


num_devices = len(jax.devices())
mesh = jax.make_mesh(
    (num_devices,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,)
)
data_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
model_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec())


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y):
    model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
    x, y = eqx.filter_shard((x, y), data_sharding)
    grads = eqx.filter_grad(compute_loss)(model, x, y)
    grads = jax.lax.pmean(grads, "batch")
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return eqx.filter_shard((model, opt_state), model_sharding)


model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
x, y = eqx.filter_shard((xs[:batch_size], ys[:batch_size]), data_sharding)
train_step.lower(model, opt_state, x, y)
