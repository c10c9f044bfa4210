from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

import utils.comm as comm

DATA_AXIS = "data"


def make_train_step(mesh, static, optim):
    def loss_fn(params, x, y):
        model = eqx.combine(params, static)
        pred = jax.vmap(model)(x)
        return jnp.mean((pred - y) ** 2)

    @partial(jax.shard_map, mesh=mesh,
             in_specs=(P(), P(), P(DATA_AXIS), P(DATA_AXIS)),
             out_specs=(P(), P(), P()))
    def train_step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        grads = comm.allreduce_mean(grads, axis_name=DATA_AXIS)
        loss = comm.allreduce_mean(loss, DATA_AXIS)
        updates, opt_state = optim.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    return jax.jit(train_step)
