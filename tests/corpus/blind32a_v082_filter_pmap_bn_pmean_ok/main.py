"""filter_pmap data parallel training with a cross-device BatchNorm."""
import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
import optax

AXIS = "devices"


class Net(eqx.Module):
    lin1: eqx.nn.Linear
    bn: eqx.nn.BatchNorm
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.lin1 = eqx.nn.Linear(10, 32, key=k1)
        self.bn = eqx.nn.BatchNorm(32, axis_name=("devices", "batch"), mode="batch")
        self.lin2 = eqx.nn.Linear(32, 1, key=k2)

    def __call__(self, x, state):
        x, state = self.bn(self.lin1(x), state)
        return self.lin2(jax.nn.tanh(x)), state


def loss_fn(model, state, x, y):
    pred, state = jax.vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))(x, state)
    return jnp.mean((pred - y) ** 2), state


optim = optax.sgd(0.1)


@ft.partial(eqx.filter_pmap, axis_name=AXIS, in_axes=(None, None, None, 0, 0), out_axes=None)
def train_step(model, state, opt_state, x, y):
    (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, x, y)
    grads = jax.lax.pmean(grads, AXIS)
    loss = jax.lax.pmean(loss, AXIS)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), state, opt_state, loss


model, state = eqx.nn.make_with_state(Net)(jax.random.key(0))
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
x = jnp.ones((4, 8, 10))
y = jnp.ones((4, 8, 1))
params, static = eqx.partition(model, eqx.is_array)


def run(params, state, opt_state, x, y):
    return train_step(eqx.combine(params, static), state, opt_state, x, y)[3]


print(jax.jit(run).trace(params, state, opt_state, x, y).lower(lowering_platforms=("cuda",)) is not None)
