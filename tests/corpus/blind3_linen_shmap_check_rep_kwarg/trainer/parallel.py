import functools

import jax
import optax
from jax.sharding import PartitionSpec as P

from .model import ConvNet


def _loss_and_updates(model, params, batch_stats, images, labels):
  def loss_fn(p):
    logits, updates = model.apply({'params': p, 'batch_stats': batch_stats}, images,
                                  mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates['batch_stats']
  (loss, new_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  return loss, new_stats, grads


def make_train_step(mesh, tx, axis='data'):
  model = ConvNet(axis_name=axis)

  def step(params, batch_stats, opt_state, images, labels):
    loss, new_stats, grads = _loss_and_updates(model, params, batch_stats, images, labels)
    grads = jax.lax.pmean(grads, axis)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, new_stats, opt_state, jax.lax.pmean(loss, axis)

  sharded = jax.shard_map(
      step,
      mesh=mesh,
      in_specs=(P(), P(), P(), P(axis), P(axis)),
      out_specs=(P(), P(), P(), P()),
      check_rep=False,
  )
  return jax.jit(sharded), model
