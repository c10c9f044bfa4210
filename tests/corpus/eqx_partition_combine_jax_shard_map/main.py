"""The partition/combine idiom under jax.jit and jax.shard_map over 'data': the arrays go in
replicated, the Module is rebuilt with eqx.combine, gradients pmean-ed."""
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


params, static = eqx.partition(model, eqx.is_inexact_array)


def local(params, x, y):
    grads = jax.grad(lambda p: loss(eqx.combine(p, static), x, y))(params)
    return jax.lax.pmean(grads, "data")


grad_step = jax.jit(jax.shard_map(local, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                                  out_specs=P()))
grad_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
