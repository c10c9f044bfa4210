"""Data-parallel SGD step; the shard_map decorator takes its mesh from jax.set_mesh."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",))
LR = 0.05


def predict(w, b, x):
    return jax.nn.sigmoid(x @ w + b)


def loss(params, x, y):
    w, b = params
    p = predict(w, b, x)
    return -jnp.mean(y * jnp.log(p + 1e-7) + (1 - y) * jnp.log(1 - p + 1e-7))


@jax.jit
@partial(jax.shard_map, in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P()))
def sgd_step(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    g = jax.lax.pmean(g, "batch")
    new_params = jax.tree.map(lambda p, gp: p - LR * gp, params, g)
    return new_params, jax.lax.pmean(l, "batch")


params = (jnp.zeros((10,)), jnp.zeros(()))
sh = NamedSharding(mesh, P("batch"))
x = jax.device_put(jnp.ones((32, 10)), sh)
y = jax.device_put(jnp.ones((32,)), sh)
with jax.set_mesh(mesh):
    lowered = sgd_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
