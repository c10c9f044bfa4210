import functools
from typing import Any

import jax
import optax
from flax.training import train_state
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


class TrainState(train_state.TrainState):
  batch_stats: Any


def create_state(model, rng, image_shape):
  variables = model.init(rng, jax.numpy.zeros(image_shape), train=False)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           batch_stats=variables['batch_stats'], tx=optax.adamw(3e-4))


def make_train_step(mesh):

  @functools.partial(shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                     out_specs=(P(), P()))
  def train_step(state, images, labels):
    def loss_fn(params):
      logits, updates = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                       images, train=True, mutable=['batch_stats'])
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, 'data')
    state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
    return state, jax.lax.pmean(loss, 'data')

  return jax.jit(train_step, donate_argnums=0)
