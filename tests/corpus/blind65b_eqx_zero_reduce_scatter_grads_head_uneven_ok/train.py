import equinox as eqx
import jax
import optax
from jax.sharding import PartitionSpec as P

import parallel


def make_grad_step(static, params, mesh, cfg):

  def loss_fn(params, x, y):
    model = eqx.combine(params, static)
    logits = jax.vmap(model)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  def grad_step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = parallel.reduce_scatter_grads(grads, cfg.axis)
    return jax.lax.pmean(loss, cfg.axis), grads

  param_specs = jax.tree.map(lambda _: P(), params)
  return jax.jit(jax.shard_map(
      grad_step, mesh=mesh,
      in_specs=(param_specs, P(cfg.axis), P(cfg.axis)),
      out_specs=(P(), parallel.grad_shard_specs(params, cfg.axis, mesh.shape[cfg.axis]))))
