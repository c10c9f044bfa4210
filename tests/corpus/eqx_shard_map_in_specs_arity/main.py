"""An Equinox gradient step under jax.shard_map whose in_specs give two specs for the three
arguments (model arrays, inputs, targets)."""
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


@eqx.filter_jit
def grads(model, x, y):
    params, static = eqx.partition(model, eqx.is_inexact_array)

    def local(params, x, y):
        return jax.lax.pmean(eqx.filter_grad(loss)(eqx.combine(params, static), x, y), "data")

    return jax.shard_map(local, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())(params, x, y)


grads.lower(model, x, y)
