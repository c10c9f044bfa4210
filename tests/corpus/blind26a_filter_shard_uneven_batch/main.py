import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as sharding
import numpy as np
import optax

# Hyperparameters
dataset_size = 60
channel_size = 4
hidden_size = 32
depth = 1
learning_rate = 3e-4
num_steps = 3
batch_size = 6

xs = np.random.normal(size=(dataset_size, channel_size)).astype(np.float32)
ys = np.sin(xs)

model = eqx.nn.MLP(channel_size, channel_size, hidden_size, depth, key=jr.PRNGKey(6789))
optim = optax.adam(learning_rate)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
params, static = eqx.partition(model, eqx.is_array)


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@jax.jit
def make_step(params, opt_state, x, y):
    grads = eqx.filter_grad(compute_loss)(eqx.combine(params, static), x, y)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state


def dataloader(arrays, batch_size):
    indices = np.arange(arrays[0].shape[0])
    while True:
        perm = np.random.permutation(indices)
        start, end = 0, batch_size
        while end <= len(indices):
            yield tuple(array[perm[start:end]] for array in arrays)
            start, end = end, end + batch_size


num_devices = len(jax.devices())
mesh = jax.sharding.Mesh(np.array(jax.devices()), ("batch",))
shard = sharding.NamedSharding(mesh, sharding.PartitionSpec("batch"))

for step, (x, y) in zip(range(num_steps), dataloader((xs, ys), batch_size)):
    x, y = eqx.filter_shard((x, y), shard)
    lowered = make_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered", step)
