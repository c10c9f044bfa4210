"""Equinox's autoparallelism example: the evaluation step with eqx.filter_jit(donate=
"all-except-first"), lowered ahead of time with filter_jit's .lower."""
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


@eqx.filter_jit(donate="all-except-first")
def evaluate(model, x, y):
    model = eqx.filter_shard(model, model_sharding)
    x, y = eqx.filter_shard((x, y), data_sharding)
    return compute_loss(model, x, y)


evaluate.lower(model, xs[:batch_size], ys[:batch_size])
