"""An eqx.filter_pmap trainer ported to jax.shard_map: the model is split with eqx.partition, the
array half goes through shard_map replicated, gradients are averaged with pmean, and the optimizer
accumulates 2 micro-batches with optax.MultiSteps."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax as L
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",))

key = jax.random.PRNGKey(0)
model = eqx.nn.Sequential([
    eqx.nn.Linear(32, 64, key=key),
    eqx.nn.Lambda(jax.nn.gelu),
    eqx.nn.Linear(64, 32, key=jax.random.fold_in(key, 1)),
])
params, static = eqx.partition(model, eqx.is_inexact_array)
optimizer = optax.MultiSteps(optax.chain(optax.clip(1.0), optax.adamw(1e-3)), every_k_schedule=2)
opt_state = optimizer.init(params)


def loss(params, x):
    m = eqx.combine(params, static)
    recon = jax.vmap(m)(x)
    return jnp.mean((recon - x) ** 2)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P("dp")), out_specs=(P(), P(), P()))
def sharded_update(params, opt_state, x):
    value, grads = jax.value_and_grad(loss)(params, x)
    grads = L.pmean(grads, "dp")
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, L.pmean(value, "dp")


update = jax.jit(sharded_update, donate_argnums=(0, 1))
x = jnp.ones((32, 32))
print(update.trace(params, opt_state, x).lower(lowering_platforms=("cuda",)) is not None)
