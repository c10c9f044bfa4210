import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from ringdp.collectives import allreduce_tree


def make_train_step(model, tx, mesh, cfg):
  axis = cfg["dp_axis"]
  n = mesh.shape[axis]

  def local_step(params, opt_state, x, y):
    def loss_fn(p):
      pred = model.apply({"params": p}, x)
      return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = allreduce_tree(grads, axis, n)
    loss = jax.lax.pmean(loss, axis)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  local_step = jax.shard_map(
      local_step, mesh=mesh,
      in_specs=(P(), P(), P(axis), P(axis)),
      out_specs=(P(), P(), P()),
  )
  return jax.jit(local_step, donate_argnums=(0, 1))
