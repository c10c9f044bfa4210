import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))

model = eqx.nn.Sequential(
    [
        eqx.nn.Linear(10, 32, key=jr.PRNGKey(0)),
        eqx.nn.Lambda(jax.nn.tanh),
        eqx.nn.Linear(32, 1, key=jr.PRNGKey(1)),
    ]
)
params, static = eqx.partition(model, eqx.is_inexact_array)


def loss(params, batch):
    m = eqx.combine(params, static)
    x, y = batch
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=(P(), P()))
def grads_and_loss(params, batch):
    value, grads = eqx.filter_value_and_grad(loss)(params, batch)
    grads = jax.lax.pmean(grads, "data")
    return value, grads


batch = (jnp.ones((32, 10)), jnp.ones((32, 1)))
grads_and_loss.trace(params, batch).lower(lowering_platforms=("cuda",))
print("ok")
