"""shard_map grad step ported to plain jit with in_shardings; the dropout helper still folds in axis_index."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


def dropout(key, x, rate):
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def loss_fn(params, x, y, key):
    key = jax.random.fold_in(key, jax.lax.axis_index("data"))
    h = dropout(key, jax.nn.relu(x @ params["w1"]), 0.1)
    return jnp.mean((h @ params["w2"] - y) ** 2)


@partial(jax.jit, in_shardings=(None, NamedSharding(mesh, P("data")), NamedSharding(mesh, P("data")), None))
def grad_step(params, x, y, key):
    # GSPMD version: jit partitions the batch, no explicit collectives needed
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y, key)
    return loss, grads


params = {"w1": jnp.zeros((8, 32)), "w2": jnp.zeros((32, 1))}
sh = NamedSharding(mesh, P("data"))
x, y = jax.device_put(jnp.ones((16, 8)), sh), jax.device_put(jnp.ones((16, 1)), sh)
print(grad_step.trace(params, x, y, jax.random.key(0)).lower(lowering_platforms=("cuda",)).as_text()[:20])
