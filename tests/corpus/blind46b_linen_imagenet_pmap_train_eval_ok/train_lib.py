from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax


class TrainState(train_state.TrainState):
  batch_stats: Any


def cross_entropy_loss(logits, labels):
  one_hot_labels = jax.nn.one_hot(labels, num_classes=logits.shape[-1])
  return jnp.mean(optax.softmax_cross_entropy(logits=logits, labels=one_hot_labels))


def compute_metrics(logits, labels):
  loss = cross_entropy_loss(logits, labels)
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  metrics = {'loss': loss, 'accuracy': accuracy}
  metrics = lax.pmean(metrics, axis_name='batch')
  return metrics


def train_step(state, batch, learning_rate_fn):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats},
        batch['image'],
        mutable=['batch_stats'],
    )
    loss = cross_entropy_loss(logits, batch['label'])
    weight_penalty = 1e-4 * 0.5 * sum(
        jnp.sum(x ** 2) for x in jax.tree_util.tree_leaves(params) if x.ndim > 1)
    return loss + weight_penalty, (new_model_state, logits)

  step = state.step
  lr = learning_rate_fn(step)
  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  aux, grads = grad_fn(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  new_model_state, logits = aux[1]
  metrics = compute_metrics(logits, batch['label'])
  metrics['learning_rate'] = lr
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, metrics


def eval_step(state, batch):
  variables = {'params': state.params, 'batch_stats': state.batch_stats}
  logits = state.apply_fn(variables, batch['image'], train=False, mutable=False)
  return compute_metrics(logits, batch['label'])


def sync_batch_stats(state):
  """Sync the batch statistics across replicas."""
  cross_replica_mean = jax.pmap(lambda x: lax.pmean(x, 'x'), 'x')
  return state.replace(batch_stats=cross_replica_mean(state.batch_stats))
