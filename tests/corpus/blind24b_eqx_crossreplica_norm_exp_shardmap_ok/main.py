import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from nets.norm import Net

mesh = Mesh(np.array(jax.devices()), ("data",))
model = Net(jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(params, x, y):
    return jnp.mean((eqx.combine(params, static)(x) - y) ** 2)


def local_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.pmean(grads, "data")
    params = jax.tree_util.tree_map(lambda a, g: a - 1e-2 * g, params, grads)
    return params, jax.lax.pmean(loss, "data")


train_step = jax.jit(shard_map(local_step, mesh, in_specs=(P(), P("data"), P("data")),
                               out_specs=(P(), P()), check_rep=False))
x = jnp.ones((32, 8))
y = jnp.ones((32, 1))
lowered = train_step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok")
