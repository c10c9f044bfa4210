import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

import utils


def make_loss(static, cfg, mesh, params):

  def local_loss(params, x, y):
    model = eqx.combine(params, static)
    pred = utils.batched_apply(model, x)
    return jnp.mean((pred - y) ** 2)

  def loss_and_grad(params, x, y):
    loss, grads = jax.value_and_grad(local_loss)(params, x, y)
    return jax.lax.pmean((loss, grads), cfg.data_axis)

  p_specs = jax.tree.map(lambda _: P(), params)
  return jax.jit(jax.shard_map(loss_and_grad, mesh=mesh,
                               in_specs=(p_specs, P(cfg.data_axis), P(cfg.data_axis)),
                               out_specs=(P(), p_specs),
                               # named vmap axis inside shard_map: JAX asks for
                               # check_vma=False here
                               check_vma=False))
