# Exported from notebook: linen_cnn_dp.ipynb
# %%
from functools import partial
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.sharding import Mesh, PartitionSpec as P
from jax.experimental import mesh_utils

# %%
class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=8, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = x.reshape((x.shape[0], -1))
        return nn.Dense(features=10)(x)

model = CNN()
params = model.init(jax.random.key(0), jnp.ones((1, 8, 8, 1)))["params"]
tx = optax.adam(1e-3)
opt_state = tx.init(params)

devices = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices, axis_names=("batch",))

# %%
def train_step(params, opt_state, images):
    def loss_fn(p):
        logits = model.apply({"params": p}, images)
        return -jnp.mean(jax.nn.log_softmax(logits)[:, 0])
    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, "batch")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "batch")

train_step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                   in_specs=(P(), P(), P("batch")),
                                   out_specs=(P(), P(), P())))

# %%
# real labels now (cell edited): the step takes labels too
def train_step(params, opt_state, images, labels):
    def loss_fn(p):
        logits = model.apply({"params": p}, images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, "batch")
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "batch")

train_step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                   in_specs=(P(), P(), P("batch")),
                                   out_specs=(P(), P(), P())))

# %%
images = jnp.ones((16, 8, 8, 1))
labels = jnp.zeros((16,), jnp.int32)
print(train_step.trace(params, opt_state, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:60])
