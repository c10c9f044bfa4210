"""Synchronised BatchNorm: an Equinox stateful model under jax.shard_map, statistics over
the local batch (vmap axis) and over devices (mesh axis)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


class Net(eqx.Module):
    lin1: eqx.nn.Linear
    bn: eqx.nn.BatchNorm
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.lin1 = eqx.nn.Linear(10, 32, key=k1)
        self.bn = eqx.nn.BatchNorm(32, axis_name=("data", "batch"), mode="batch")
        self.lin2 = eqx.nn.Linear(32, 1, key=k2)

    def __call__(self, x, state):
        x = self.lin1(x)
        x, state = self.bn(x, state)
        return self.lin2(jax.nn.relu(x)), state


model, state = eqx.nn.make_with_state(Net)(jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(1e-3)
opt_state = optim.init(params)


def loss_fn(params, state, x, y):
    model = eqx.combine(params, static)
    pred, state = jax.vmap(model, in_axes=(0, None), out_axes=(0, None), axis_name="batch")(x, state)
    return jnp.mean((pred - y) ** 2), state


def step(params, state, opt_state, x, y):
    (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(params, state, x, y)
    grads = jax.lax.pmean(grads, "data")
    updates, opt_state = optim.update(grads, opt_state)
    params = eqx.apply_updates(params, updates)
    return params, state, opt_state, jax.lax.pmean(loss, "data")


step = jax.shard_map(
    step,
    mesh=mesh,
    in_specs=(P(), P(), P(), P("data"), P("data")),
    out_specs=(P(), P(), P(), P()),
    check_vma=False,
)

x = jnp.ones((32, 10))
y = jnp.ones((32, 1))
print(jax.jit(step).trace(params, state, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
