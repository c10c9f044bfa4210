import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from pipe.schedule import pipeline_forward


def build_train_step(cfg, mesh, static, optim):
  fwd = functools.partial(pipeline_forward, static=static,
                          axis_name=cfg.stage_axis, num_stages=cfg.num_stages)
  fwd = jax.shard_map(fwd, mesh=mesh, in_specs=(P(cfg.stage_axis), P()),
                      out_specs=P(cfg.stage_axis), check_vma=False)

  def loss_fn(params, x, y):
    out = fwd(params, x)
    last = out.reshape(cfg.num_stages, -1, cfg.width)[-1]
    return jnp.mean((last - y) ** 2)

  @jax.jit
  def train_step(params, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, loss

  return train_step
