import functools

import jax
import jax.numpy as jnp
from jax import lax

LR = 1e-2
sync_grads = functools.partial(jax.tree.map, functools.partial(lax.pmean, axis_name="data"))


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def predict(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def loss(params, batch):
    x, y = batch
    return jnp.mean((predict(params, x) - y) ** 2)


def train_step(params, batch):
    l, grads = jax.value_and_grad(loss)(params, batch)
    grads = sync_grads(grads)
    params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
    return params, lax.pmean(l, "data")
