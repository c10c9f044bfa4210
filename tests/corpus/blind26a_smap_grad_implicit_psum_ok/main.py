"""Explicit data parallelism for an Equinox MLP: per-device grads, pmean'd over the mesh."""
import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))

model = eqx.nn.MLP(8, 1, width_size=64, depth=2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.sgd(1e-2)
opt_state = optim.init(params)


def loss_fn(params, x, y):
    model = eqx.combine(params, static)
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@ft.partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P(), P(), P("dp"), P("dp")),
    out_specs=(P(), P(), P()),
)
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    loss = jax.lax.pmean(loss, axis_name="dp")
    updates, opt_state = optim.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


x = jnp.ones((32, 8))
y = jnp.zeros((32, 1))
lowered = jax.jit(train_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered train_step")
