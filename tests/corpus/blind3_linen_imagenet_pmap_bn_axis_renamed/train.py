"""Training step, following examples/imagenet/train.py."""
import functools
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax

import models

DATA_AXIS = 'data'


class TrainState(train_state.TrainState):
  batch_stats: Any


def cross_entropy_loss(logits, labels, num_classes):
  one_hot_labels = jax.nn.one_hot(labels, num_classes=num_classes)
  return jnp.mean(optax.softmax_cross_entropy(logits=logits, labels=one_hot_labels))


def compute_metrics(logits, labels, num_classes):
  metrics = {
      'loss': cross_entropy_loss(logits, labels, num_classes),
      'accuracy': jnp.mean(jnp.argmax(logits, -1) == labels),
  }
  return lax.pmean(metrics, axis_name=DATA_AXIS)


def create_train_state(rng, model, image_size, learning_rate):
  input_shape = (1, image_size, image_size, 3)

  @jax.jit
  def init(*args):
    return model.init(*args)

  variables = init({'params': rng}, jnp.ones(input_shape, model.dtype))
  tx = optax.sgd(learning_rate=learning_rate, momentum=0.9, nesterov=True)
  return TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx,
                           batch_stats=variables['batch_stats'])


def train_step(state, batch, num_classes, weight_decay=1e-4):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats},
        batch['image'],
        mutable=['batch_stats'],
    )
    loss = cross_entropy_loss(logits, batch['label'], num_classes)
    weight_l2 = sum(jnp.sum(x**2) for x in jax.tree_util.tree_leaves(params) if x.ndim > 1)
    return loss + weight_decay * 0.5 * weight_l2, (new_model_state, logits)

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  aux, grads = grad_fn(state.params)
  grads = lax.pmean(grads, axis_name=DATA_AXIS)
  new_model_state, logits = aux[1]
  metrics = compute_metrics(logits, batch['label'], num_classes)
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, metrics


def make_p_train_step(num_classes):
  return jax.pmap(functools.partial(train_step, num_classes=num_classes), axis_name=DATA_AXIS)
