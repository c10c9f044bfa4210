from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax


class TrainState(train_state.TrainState):
  batch_stats: Any


def cross_entropy_loss(logits, labels, num_classes=10):
  one_hot_labels = jax.nn.one_hot(labels, num_classes=num_classes)
  xentropy = optax.softmax_cross_entropy(logits=logits, labels=one_hot_labels)
  return jnp.mean(xentropy)


def compute_metrics(logits, labels):
  loss = cross_entropy_loss(logits, labels)
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  metrics = {'loss': loss, 'accuracy': accuracy}
  metrics = lax.pmean(metrics, axis_name='batch')
  return metrics


def train_step(state, batch, weight_decay=1e-4):
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
    loss = loss + weight_decay * 0.5 * weight_l2
    return loss, (new_model_state, logits)

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  aux, grads = grad_fn(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  new_model_state, logits = aux[1]
  metrics = compute_metrics(logits, batch['label'])
  new_state = state.apply_gradients(
      grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, metrics
