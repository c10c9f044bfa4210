from typing import Any

import jax
import optax
from flax.training import train_state
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

from model import DATA_AXIS


class TrainState(train_state.TrainState):
  batch_stats: Any


def _train_step(state, images, labels):
  def loss_fn(params):
    logits, mutated = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                     images, train=True, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, mutated

  (loss, mutated), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, DATA_AXIS)
  state = state.apply_gradients(grads=grads, batch_stats=mutated['batch_stats'])
  return state, jax.lax.pmean(loss, DATA_AXIS)


def build_train_step(mesh):
  return jax.jit(shard_map(_train_step, mesh=mesh,
                           in_specs=(P(), P(DATA_AXIS), P(DATA_AXIS)),
                           out_specs=(P(), P()), check_rep=True))
