"""ImageNet-style training step, data parallel over devices with jax.pmap."""
import functools
from typing import Any

from flax import jax_utils
from flax.training import train_state
import jax
from jax import lax
import jax.numpy as jnp
import optax

import models

NUM_CLASSES = 10


class TrainState(train_state.TrainState):
  batch_stats: Any


def cross_entropy_loss(logits, labels):
  one_hot_labels = jax.nn.one_hot(labels, num_classes=NUM_CLASSES)
  xentropy = optax.softmax_cross_entropy(logits=logits, labels=one_hot_labels)
  return jnp.mean(xentropy)


def compute_metrics(logits, labels):
  loss = cross_entropy_loss(logits, labels)
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  metrics = {'loss': loss, 'accuracy': accuracy}
  metrics = lax.pmean(metrics, axis_name='batch')
  return metrics


def train_step(state, batch, learning_rate_fn):
  """Perform a single training step."""

  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats},
        batch['image'],
        mutable=['batch_stats'],
    )
    loss = cross_entropy_loss(logits, batch['label'])
    weight_penalty_params = jax.tree_util.tree_leaves(params)
    weight_l2 = sum(jnp.sum(x**2) for x in weight_penalty_params if x.ndim > 1)
    loss = loss + 1e-4 * 0.5 * weight_l2
    return loss, (new_model_state, logits)

  step = state.step
  lr = learning_rate_fn(step)

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  aux, grads = grad_fn(state.params)
  # Re-use same axis_name as in the call to `pmap(...train_step...)` below.
  grads = lax.pmean(grads, axis_name='batch')
  new_model_state, logits = aux[1]
  metrics = compute_metrics(logits, batch['label'])
  metrics['learning_rate'] = lr

  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, metrics


def create_train_state(rng, model, image_size, learning_rate_fn):
  @jax.jit
  def init(*args):
    return model.init(*args)

  variables = init({'params': rng}, jnp.ones((1, image_size, image_size, 3), model.dtype))
  tx = optax.sgd(learning_rate=learning_rate_fn, momentum=0.9, nesterov=True)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'], tx=tx,
                            batch_stats=variables['batch_stats'])
  return state


def make_p_train_step(learning_rate_fn):
  return jax.pmap(functools.partial(train_step, learning_rate_fn=learning_rate_fn),
                  axis_name='batch')


def replicate(state):
  return jax_utils.replicate(state)
