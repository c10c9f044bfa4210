"""Train step and state, following the Flax ImageNet example's train.py."""
import functools
from typing import Any

import jax
import optax
from flax.training import train_state
from jax import lax

import models


class TrainState(train_state.TrainState):
  batch_stats: Any


def cross_entropy_loss(logits, labels, num_classes):
  one_hot = jax.nn.one_hot(labels, num_classes)
  return optax.softmax_cross_entropy(logits=logits, labels=one_hot).mean()


def compute_metrics(logits, labels, num_classes):
  metrics = {
      'loss': cross_entropy_loss(logits, labels, num_classes),
      'accuracy': (logits.argmax(-1) == labels).mean(),
  }
  return lax.pmean(metrics, axis_name='batch')


def create_train_state(rng, model, image_size, learning_rate_fn):
  variables = model.init(rng, jax.numpy.ones((1, image_size, image_size, 3)), train=False)
  tx = optax.sgd(learning_rate=learning_rate_fn, momentum=0.9, nesterov=True)
  return TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx,
                           batch_stats=variables['batch_stats'])


def train_step(state, batch, learning_rate_fn, num_classes):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats},
        batch['image'], mutable=['batch_stats'])
    loss = cross_entropy_loss(logits, batch['label'], num_classes)
    weight_penalty = 1e-4 * 0.5 * sum(
        (x ** 2).sum() for x in jax.tree_util.tree_leaves(params) if x.ndim > 1)
    return loss + weight_penalty, (new_model_state, logits)

  step = state.step
  lr = learning_rate_fn(step)
  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  aux, grads = grad_fn(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  new_model_state, logits = aux[1]
  metrics = compute_metrics(logits, batch['label'], num_classes)
  metrics['learning_rate'] = lr
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, metrics


def make_p_train_step(learning_rate_fn, num_classes):
  return jax.pmap(
      functools.partial(train_step, learning_rate_fn=learning_rate_fn, num_classes=num_classes),
      axis_name='batch', donate_argnums=(0,))


# the example keeps batch statistics in sync across replicas with a tiny pmapped mean
cross_replica_mean = jax.pmap(lambda x: lax.pmean(x, 'x'), 'x')


def sync_batch_stats(state):
  return state.replace(batch_stats=cross_replica_mean(state.batch_stats))
