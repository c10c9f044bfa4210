from typing import Any

import jax
import optax
from flax.training import train_state


class TrainState(train_state.TrainState):
  batch_stats: Any


def make_train_step(cfg):

  def train_step(state, images, labels):
    def loss_fn(params):
      logits, updates = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                       images, train=True, mutable=['batch_stats'])
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, cfg.pmap_axis_name)
    state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
    return state, jax.lax.pmean(loss, cfg.pmap_axis_name)

  return jax.pmap(train_step, axis_name=cfg.pmap_axis_name)
