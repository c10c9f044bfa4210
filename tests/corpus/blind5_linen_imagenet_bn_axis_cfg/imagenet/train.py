import functools
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from . import models


class TrainState(train_state.TrainState):
  batch_stats: Any


def create_model(config):
  return getattr(models, config.model)(num_classes=config.num_classes)


def create_train_state(rng, config, model):
  x = jnp.ones((1, config.image_size, config.image_size, 3))
  variables = model.init(rng, x, train=False)
  tx = optax.sgd(config.learning_rate, momentum=config.momentum, nesterov=True)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           batch_stats=variables['batch_stats'], tx=tx)


def train_step(state, batch, *, num_classes, axis_name):
  def loss_fn(params):
    logits, updates = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                     batch['image'], mutable=['batch_stats'])
    one_hot = jax.nn.one_hot(batch['label'], num_classes)
    loss = optax.softmax_cross_entropy(logits, one_hot).mean()
    return loss, (updates, logits)

  (loss, (updates, logits)), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, axis_name=axis_name)
  metrics = jax.lax.pmean({'loss': loss, 'accuracy': jnp.mean(logits.argmax(-1) == batch['label'])},
                          axis_name=axis_name)
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, metrics


def make_p_train_step(config):
  step = functools.partial(train_step, num_classes=config.num_classes,
                           axis_name=config.pmap_axis_name)
  return jax.pmap(step, axis_name=config.pmap_axis_name, donate_argnums=(0,))
