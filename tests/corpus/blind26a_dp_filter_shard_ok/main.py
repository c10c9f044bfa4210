"""Data-parallel MLP training step, sharded with eqx.filter_shard (Equinox parallelism example)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

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

mesh = Mesh(np.array(jax.devices()), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


def make_step(model, opt_state, x, y):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), data_sharding)
    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
    m, o = make_step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(m, eqx.is_array), o


x, y = jax.device_put((xs[:batch_size], ys[:batch_size]), data_sharding)
lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
