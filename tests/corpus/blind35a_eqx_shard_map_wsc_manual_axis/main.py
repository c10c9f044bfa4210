import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(4), ("data",))
act_sharding = NamedSharding(mesh, P("data", None))


@eqx.filter_jit
def forward(model, x):
    h = jax.vmap(model.layers[0])(x)
    h = jax.lax.with_sharding_constraint(h, act_sharding)
    h = jax.nn.gelu(h)
    return jax.vmap(model.layers[1])(h)


def loss(model, x, y):
    return jnp.mean((forward(model, x) - y) ** 2)


model = eqx.nn.Sequential([eqx.nn.Linear(16, 64, key=jr.PRNGKey(0)), eqx.nn.Linear(64, 4, key=jr.PRNGKey(1))])
params, static = eqx.partition(model, eqx.is_array)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
def grad_step(params, x, y):
    grads = jax.grad(lambda p: loss(eqx.combine(p, static), x, y))(params)
    return jax.lax.pmean(grads, "data")


x = jnp.ones((32, 16))
y = jnp.ones((32, 4))
out = jax.jit(grad_step).trace(params, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
