"""Data parallelism the Equinox way: shard the batch, replicate the model, and let the compiler
partition a single jitted train step."""
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

xs = np.random.normal(size=(dataset_size, channel_size))
ys = np.sin(xs)

model = eqx.nn.MLP(channel_size, channel_size, hidden_size, depth, key=jr.PRNGKey(6789))
optim = optax.adam(learning_rate)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all-except-first")
def train_step(model, opt_state, x, y, sharding, replicated):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


num_devices = len(jax.devices())
mesh = jax.sharding.Mesh(np.array(jax.devices()).reshape(num_devices, 1), ("batch", "feature"))
sharding = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("batch"))
replicated = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec())

x, y = xs[:batch_size], ys[:batch_size]
x, y = eqx.filter_shard((jnp.asarray(x), jnp.asarray(y)), sharding)
model, opt_state = eqx.filter_shard((model, opt_state), replicated)
lowered = train_step.lower(model, opt_state, x, y, sharding, replicated)
print(lowered.as_text()[:200])
