"""An Equinox train step: eqx.filter_value_and_grad inside jax.shard_map over 'data', loss and
gradients pmean-ed; the Module is closed over, only its arrays travel as arguments."""
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
def step(model, opt_state, x, y):
    params, static = eqx.partition(model, eqx.is_inexact_array)

    def local(params, x, y):
        value, grads = eqx.filter_value_and_grad(loss)(eqx.combine(params, static), x, y)
        return jax.lax.pmean(value, "data"), jax.lax.pmean(grads, "data")

    value, grads = jax.shard_map(local, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                                 out_specs=P())(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, model)
    return eqx.apply_updates(model, updates), opt_state, value


step.lower(model, opt_state, x, y)
