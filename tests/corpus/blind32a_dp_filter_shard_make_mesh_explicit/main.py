"""Equinox's parallelism example, as written for older JAX, run on JAX 0.10."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import numpy as np
import optax

dataset_size = 64
channel_size = 4
hidden_size = 32
depth = 1
batch_size = 16

xs = np.random.normal(size=(dataset_size, channel_size)).astype(np.float32)
ys = np.sin(xs)

model = eqx.nn.MLP(channel_size, channel_size, hidden_size, depth, key=jr.PRNGKey(6789))
optim = optax.adam(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit
def make_step(model, opt_state, x, y, data_sharding, model_sharding):
    x, y = eqx.filter_shard((x, y), data_sharding)
    model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
    loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_inexact_array))
    model = eqx.apply_updates(model, updates)
    model, opt_state = eqx.filter_shard((model, opt_state), model_sharding)
    return loss, model, opt_state


num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",))
data_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))
model_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec())

params, static = eqx.partition(model, eqx.is_array)


def step(params, opt_state, x, y):
    loss, model, opt_state = make_step(
        eqx.combine(params, static), opt_state, x, y, data_sharding, model_sharding
    )
    return loss, eqx.filter(model, eqx.is_array), opt_state


x, y = jax.device_put((xs[:batch_size], ys[:batch_size]), data_sharding)
lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
