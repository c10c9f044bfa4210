import functools

import jax
import jax.numpy as jnp
import jax.random as jr
import jax.lax as L
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import equinox as eqx
import optax

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


class CNN(eqx.Module):
    layers: list

    def __init__(self, key):
        key1, key2, key3, key4 = jr.split(key, 4)
        self.layers = [
            eqx.nn.Conv2d(1, 3, kernel_size=4, key=key1),
            eqx.nn.MaxPool2d(kernel_size=2),
            jax.nn.relu,
            jnp.ravel,
            eqx.nn.Linear(1728, 512, key=key2),
            jax.nn.sigmoid,
            eqx.nn.Linear(512, 64, key=key3),
            jax.nn.relu,
            eqx.nn.Linear(64, 10, key=key4),
            jax.nn.log_softmax,
        ]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


model = CNN(jr.key(5678))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adam(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def cross_entropy(y, pred_y):
    pred_y = jnp.take_along_axis(pred_y, jnp.expand_dims(y, 1), axis=1)
    return -jnp.mean(pred_y)


def loss(params, x, y):
    model = eqx.combine(params, static)
    pred_y = jax.vmap(model)(x)
    return cross_entropy(y, pred_y)


@functools.partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P(), P("data"), P("data")),
    out_specs=P(),
)
def sharded_grads(params, x, y):
    grads = eqx.filter_grad(loss)(params, x, y)
    return L.pmean(grads, axis_name="data")


@jax.jit
def make_step(params, opt_state, x, y):
    grads = sharded_grads(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state


x = jnp.zeros((32, 1, 28, 28), jnp.float32)
y = jnp.zeros((32,), jnp.int32)

if __name__ == "__main__":
    print(make_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
