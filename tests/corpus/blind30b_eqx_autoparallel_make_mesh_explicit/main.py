"""Equinox 'Autoparallelism (e.g. multi-GPU)' example: eqx.filter_shard for the batch and the
replicated model/optimizer state inside eqx.filter_jit, mesh from jax.make_mesh.
Exported ahead of time for the GPU fleet through a jax.jit wrapper over the array leaves."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",))
sharding = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec("batch"))
replicated = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec())


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@eqx.filter_jit(donate="all")
def train_step(model, opt_state, x, y):
    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)

    grads = eqx.filter_grad(compute_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    model, opt_state = eqx.filter_shard((model, opt_state), replicated)
    return model, opt_state


model = eqx.nn.MLP(in_size=1, out_size=1, width_size=64, depth=2, key=jr.PRNGKey(0))
optim = optax.adam(learning_rate=1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))

x = jnp.linspace(0, 1, 64)[:, None]
y = jnp.sin(x)
x, y = eqx.filter_shard((x, y), sharding)

dynamic, static = eqx.partition((model, opt_state), eqx.is_array)


def flat_step(dynamic, x, y):
    return eqx.partition(train_step(*eqx.combine(dynamic, static), x, y), eqx.is_array)[0]


lowered = jax.jit(flat_step).trace(dynamic, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
