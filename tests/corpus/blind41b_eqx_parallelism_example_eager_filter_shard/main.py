"""Equinox data-parallel training (the Equinox sharding example) on JAX 0.10's default mesh."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

num_devices = len(jax.devices())
mesh = jax.make_mesh((num_devices,), ("batch",))
sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())

model = eqx.nn.MLP(in_size=32, out_size=1, width_size=128, depth=2, key=jr.key(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
params, static = eqx.partition(model, eqx.is_inexact_array)


def compute_loss(params, x, y):
    model = eqx.combine(params, static)
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    params, opt_state = eqx.filter_shard((params, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), sharding)
    grads = jax.grad(compute_loss)(params, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    params = eqx.apply_updates(params, updates)
    params, opt_state = eqx.filter_shard((params, opt_state), replicated)
    return params, opt_state


x = jr.normal(jr.key(1), (64, 32))
y = jr.normal(jr.key(2), (64, 1))
x, y = eqx.filter_shard((x, y), sharding)
params, opt_state = eqx.filter_shard((params, opt_state), replicated)
lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
