import argparse

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

parser = argparse.ArgumentParser()
parser.add_argument("--axis-name", default="devices")
parser.add_argument("--lr", type=float, default=1e-3)
args = parser.parse_args([])


class RNNRegressor(eqx.Module):
    cell: eqx.nn.GRUCell
    linear: eqx.nn.Linear

    def __init__(self, in_size, hidden_size, *, key):
        ckey, lkey = jr.split(key)
        self.cell = eqx.nn.GRUCell(in_size, hidden_size, key=ckey)
        self.linear = eqx.nn.Linear(hidden_size, 1, key=lkey)

    def __call__(self, xs):
        def f(carry, x):
            return self.cell(x, carry), None

        hidden = jnp.zeros((self.cell.hidden_size,))
        out, _ = jax.lax.scan(f, hidden, xs)
        return self.linear(out)[0]


def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_pmap(axis_name=args.axis_name, in_axes=(None, 0, 0))
def compute_grads(model, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    loss = jax.lax.pmean(loss, axis_name=args.axis_name)
    grads = jax.lax.pmean(grads, axis_name=args.axis_name)
    return loss, grads


model = RNNRegressor(2, 16, key=jr.PRNGKey(0))
n = jax.local_device_count()
x = jnp.zeros((n, 8, 10, 2))
y = jnp.zeros((n, 8))
compute_grads.lower(model, x, y)
