from typing import Any

from flax.training import train_state
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P


class TrainState(train_state.TrainState):
  batch_stats: Any


def create_state(model, rng, image_shape, learning_rate):
  variables = jax.jit(model.init, static_argnames='train')(
      rng, jnp.zeros((1, *image_shape)), train=False)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           batch_stats=variables['batch_stats'], tx=optax.adam(learning_rate))


def make_train_step(axis_name='data'):
  """Returns a jitted, data-parallel train step. Needs an ambient mesh (jax.set_mesh)."""

  @jax.jit
  @jax.shard_map(in_specs=(P(), P(axis_name), P(axis_name)), out_specs=(P(), P()))
  def train_step(state, images, labels):
    def loss_fn(params):
      logits, updates = state.apply_fn(
          {'params': params, 'batch_stats': state.batch_stats}, images, train=True,
          mutable=['batch_stats'])
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis_name)
    loss = jax.lax.pmean(loss, axis_name)
    state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
    return state, {'loss': loss}

  return train_step
