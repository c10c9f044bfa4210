"""pmap -> shard_map migration: the mesh axis is called 'data', the step still reduces over 'batch'."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
import optax

from trainlib.steps import train_step

mesh = jax.make_mesh((jax.device_count(),), ("data",))


def apply_fn(params, x):
    return x.reshape(x.shape[0], -1) @ params["w"] + params["b"]


tx = optax.sgd(0.1, momentum=0.9)
step = functools.partial(train_step, apply_fn=apply_fn, tx=tx)
# p_train_step = jax.pmap(step, axis_name="batch", donate_argnums=(0, 1))
p_train_step = jax.jit(
    jax.shard_map(step, mesh=mesh, in_specs=(P(), P(), P("data")), out_specs=(P(), P(), P())),
    donate_argnums=(0, 1),
)

params = {"w": jnp.zeros((28 * 28, 10)), "b": jnp.zeros((10,))}
opt_state = tx.init(params)
batch = {"image": jnp.zeros((64, 28, 28, 1)), "label": jnp.zeros((64,), jnp.int32)}
batch = jax.device_put(batch, NamedSharding(mesh, P("data")))
print(p_train_step.trace(params, opt_state, batch).lower(lowering_platforms=("cuda",)).as_text()[:20])
