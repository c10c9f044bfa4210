"""Explicit data parallelism: the loss and gradients are computed per shard of the batch inside
shard_map and averaged with pmean, so parameters and optimizer state stay replicated."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))

model = eqx.nn.MLP(in_size=8, out_size=1, width_size=64, depth=2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(1e-3)
opt_state = optim.init(params)


def loss_fn(params, x, y):
    model = eqx.combine(params, static)
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P(), P(), P("dp"), P("dp")),
    out_specs=(P(), P(), P()),
)
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    loss, grads = jax.lax.pmean((loss, grads), axis_name="dp")
    updates, opt_state = optim.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


x = jnp.zeros((32, 8))
y = jnp.zeros((32, 1))
jax.jit(train_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
