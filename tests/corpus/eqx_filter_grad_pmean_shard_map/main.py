"""An Equinox train step: eqx.filter_grad inside jax.shard_map over 'data' (the Module passed
as an argument, replicated), gradients pmean-ed, under eqx.filter_jit."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ("data",))


class Net(eqx.Module):
    layers: list

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.layers = [eqx.nn.Linear(8, 32, key=k1), eqx.nn.Linear(32, 1, key=k2)]

    def __call__(self, x):
        return self.layers[1](jax.nn.relu(self.layers[0](x)))[0]


def loss(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


model = Net(jr.PRNGKey(0))
optim = optax.sgd(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
x = jnp.ones((32, 8))
y = jnp.zeros((32,))


def local_grads(model, x, y):
    return jax.lax.pmean(eqx.filter_grad(loss)(model, x, y), "data")


@eqx.filter_jit
def step(model, opt_state, x, y):
    grads = jax.shard_map(local_grads, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                          out_specs=P())(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, model)
    return eqx.apply_updates(model, updates), opt_state


step.lower(model, opt_state, x, y)
