from typing import Any

import jax
import optax
from flax.training import train_state
from jax.sharding import PartitionSpec as P


class TrainState(train_state.TrainState):
  batch_stats: Any


def make_train_step(axis: str):
  @jax.jit
  @jax.shard_map(in_specs=(P(), P(axis), P(axis)), out_specs=(P(), P()))
  def train_step(state: TrainState, x, y):
    def loss_fn(params):
      logits, updates = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                       x, train=True, mutable=['batch_stats'])
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
      return loss, updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis)
    state = state.apply_gradients(grads=grads)
    state = state.replace(batch_stats=updates['batch_stats'])
    return state, jax.lax.pmean(loss, axis)

  return train_step
