"""Equinox's autoparallelism example rewritten with jax.shard_map: the model's arrays are
split off with eqx.partition, recombined inside the mapped function, and the gradients
pmean-ed over 'batch'."""
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
    params, static = eqx.partition(model, eqx.is_array)

    def local_grads(params, x, y):
        grads = eqx.filter_grad(compute_loss)(eqx.combine(params, static), x, y)
        return jax.lax.pmean(grads, "batch")

    grads = jax.shard_map(local_grads, mesh=mesh,
                          in_specs=(jshard.PartitionSpec(), jshard.PartitionSpec("batch"),
                                    jshard.PartitionSpec("batch")),
                          out_specs=jshard.PartitionSpec())(params, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return model, opt_state


x, y = eqx.filter_shard((xs[:batch_size], ys[:batch_size]), data_sharding)
train_step.lower(model, opt_state, x, y)
