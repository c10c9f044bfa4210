from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",))


def init_params(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def predict(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def loss_local(params, batch):
    x, y = batch
    return jnp.mean((predict(params, x) - y) ** 2)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch")), out_specs=(P(), P()))
def grads_and_loss(params, batch):
    loss, grads = jax.value_and_grad(loss_local)(params, batch)
    return lax.pmean(loss, "batch"), jax.tree.map(lambda g: lax.pmean(g, "batch"), grads)


@jax.jit
def train_step(params, batch):
    loss, grads = grads_and_loss(params, batch)
    params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
    return params, loss


params = init_params(jax.random.key(0), [8, 32, 1])
params = jax.device_put(params, NamedSharding(mesh, P()))
x = jnp.ones((64, 8))
y = jnp.ones((64, 1))
lowered = train_step.trace(params, (x, y)).lower(lowering_platforms=("cuda",))
print("ok", type(lowered).__name__)
