from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.lax as lax
import optax
from jax.sharding import PartitionSpec as P

AXIS = "dp"


def mse(params, static, x, y):
  model = eqx.combine(params, static)
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def make_step(static, tx, mesh):
  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P(AXIS), P(AXIS)), out_specs=(P(), P(), P()))
  def step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(mse)(params, static, x, y)
    grads = lax.pmean(grads, axis_name=AXIS)
    loss = lax.pmean(loss, axis_name=AXIS)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return jax.jit(step, donate_argnums=(0, 1))
