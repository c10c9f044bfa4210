import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

dataset_size, channel_size, hidden_size, depth = 64, 4, 32, 1
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
def make_step(model, opt_state, x, y, data_sharding, replicated):
    x, y = eqx.filter_shard((x, y), data_sharding)
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


mesh = jax.make_mesh((len(jax.devices()),), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())

model, opt_state = eqx.filter_shard((model, opt_state), replicated)
x, y = eqx.filter_shard((xs[:batch_size], ys[:batch_size]), data_sharding)

params, static = eqx.partition(model, eqx.is_array)


def step_for_export(params, opt_state, x, y):
    new_model, new_opt = make_step(eqx.combine(params, static), opt_state, x, y, data_sharding, replicated)
    return eqx.filter(new_model, eqx.is_array), new_opt


lowered = jax.jit(step_for_export).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered", len(lowered.as_text()) > 0)
