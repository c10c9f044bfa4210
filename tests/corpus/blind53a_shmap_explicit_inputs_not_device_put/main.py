from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from parallel import collectives

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Explicit,))

sync_grads = partial(collectives.sync_grads, axis_name="data")
sync_loss = partial(collectives.sync_loss, axis_name="data")


def loss_fn(params, x, y):
    pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
    return jnp.mean((pred - y) ** 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
def train_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = sync_grads(grads)
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return params, sync_loss(loss)


params = {"w1": jnp.ones((8, 16)), "w2": jnp.ones((16, 1))}
x = jnp.ones((32, 8))
y = jnp.ones((32, 1))
print(train_step.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
