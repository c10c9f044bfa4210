import jax
import jax.numpy as jnp
import optax
from jax import lax


def compute_weighted_cross_entropy(logits, targets, weights):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets)
  return (loss * weights).sum(), weights.sum()


def compute_metrics(logits, labels, weights):
  loss, weight_sum = compute_weighted_cross_entropy(logits, labels, weights)
  acc = ((jnp.argmax(logits, -1) == labels) * weights).sum()
  metrics = {'loss': loss, 'accuracy': acc, 'denominator': weight_sum}
  return lax.psum(metrics, axis_name='batch')


def train_step(state, batch, dropout_rng):
  inputs = batch['inputs']
  weights = jnp.where(inputs > 0, 1.0, 0.0)
  dropout_rng = jax.random.fold_in(dropout_rng, state.step)

  def loss_fn(params):
    logits = state.apply_fn({'params': params}, inputs, train=True,
                            rngs={'dropout': dropout_rng})
    loss, weight_sum = compute_weighted_cross_entropy(logits, inputs, weights)
    return loss / weight_sum, logits

  (_, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = lax.pmean(grads, axis_name='devices')
  new_state = state.apply_gradients(grads=grads)
  return new_state, compute_metrics(logits, inputs, weights)
