from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax


class TrainState(train_state.TrainState):
  batch_stats: Any


def create_train_state(rng, model, image_shape, learning_rate):
  variables = model.init({'params': rng}, jnp.ones(image_shape), train=False)
  tx = optax.sgd(learning_rate, momentum=0.9)
  return TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx,
                           batch_stats=variables['batch_stats'])


def train_step(state, batch):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, batch['image'],
        mutable=['batch_stats'])
    one_hot = jax.nn.one_hot(batch['label'], logits.shape[-1])
    loss = optax.softmax_cross_entropy(logits, one_hot).mean()
    return loss, new_model_state

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  (loss, new_model_state), grads = grad_fn(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, lax.pmean(loss, axis_name='batch')
