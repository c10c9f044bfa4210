"""Equinox autoparallelism example: data-parallel training with eqx.filter_shard."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.sharding as jshard
import optax

model = eqx.nn.MLP(in_size=1, out_size=1, width_size=32, depth=2, key=jr.PRNGKey(0))
optim = optax.adam(learning_rate=3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
params, static = eqx.partition(model, eqx.is_inexact_array)


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    sharding = data_sharding
    replicated = jshard.NamedSharding(sharding.mesh, jshard.PartitionSpec())
    params, opt_state = eqx.filter_shard((params, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)
    model = eqx.combine(params, static)
    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    params = eqx.apply_updates(params, updates)
    params, opt_state = eqx.filter_shard((params, opt_state), replicated)
    return params, opt_state


num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",))
data_sharding = jshard.NamedSharding(mesh, jshard.PartitionSpec("batch"))

xs = jnp.linspace(0, 1, 32)[:, None]
ys = jnp.sin(xs)
lowered = train_step.trace(params, opt_state, xs, ys).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
