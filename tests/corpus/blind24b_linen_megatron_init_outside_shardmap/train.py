import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from tp.layers import ParallelMLP


def make_train_step(model, tx, mesh, param_specs):
    def loss_fn(params, x, y):
        pred = model.apply({"params": params}, x)
        return jnp.mean((pred - y) ** 2)

    @functools.partial(jax.shard_map, mesh=mesh,
                       in_specs=(param_specs, P(), P("data"), P("data")),
                       out_specs=(param_specs, P(), P()))
    def step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        grads = jax.lax.pmean(grads, "data")
        loss = jax.lax.pmean(loss, "data")
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    return step
