"""Data-parallel Equinox training step with an explicit shard_map (Equinox 'parallelism' example style)."""
import functools

import jax
import jax.numpy as jnp
import equinox as eqx
import optax
from jax.sharding import Mesh, PartitionSpec as P, NamedSharding
import numpy as np

mesh = Mesh(np.array(jax.devices()), ("batch",))
model = eqx.nn.MLP(in_size=16, out_size=1, width_size=64, depth=2, key=jax.random.PRNGKey(0))
optim = optax.adam(1e-3)
params, static = eqx.partition(model, eqx.is_inexact_array)
opt_state = optim.init(params)


def loss(params, x, y):
    model = eqx.combine(params, static)
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


def local_step(params, opt_state, x, y):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    grads = jax.lax.pmean(grads, axis_name="batch")
    value = jax.lax.pmean(value, axis_name="batch")
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, value


step = jax.shard_map(
    local_step,
    mesh=mesh,
    in_specs=(P(), P(), P("batch"), P("batch")),
    out_specs=(P(), P(), P()),
)
step = eqx.filter_jit(step)

x = jax.device_put(jnp.zeros((64, 16)), NamedSharding(mesh, P("batch")))
y = jax.device_put(jnp.zeros((64, 1)), NamedSharding(mesh, P("batch")))
lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
