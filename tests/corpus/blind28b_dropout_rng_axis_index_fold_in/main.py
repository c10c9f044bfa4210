"""Per-device dropout keys: fold the device's position on the data axis into the step key."""
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


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data"), P()), out_specs=(P(), P()))
def grad_step(params, x, y, key):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y, key)
    return jax.lax.pmean(loss, "data"), jax.lax.pmean(grads, "data")


params = {"w1": jnp.zeros((8, 32)), "w2": jnp.zeros((32, 1))}
sh = NamedSharding(mesh, P("data"))
x, y = jax.device_put(jnp.ones((16, 8)), sh), jax.device_put(jnp.ones((16, 1)), sh)
print(grad_step.trace(params, x, y, jax.random.key(0)).lower(lowering_platforms=("cuda",)).as_text()[:20])
