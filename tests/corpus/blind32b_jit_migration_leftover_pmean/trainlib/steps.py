"""Train step kept from the pmap version of the trainer."""
import jax
import jax.numpy as jnp
import optax


def compute_metrics(logits, labels):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  return {'loss': loss, 'accuracy': accuracy}


def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, logits

  (_, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  # Average across replicas (this was a pmap'ed step before).
  grads = jax.lax.pmean(grads, axis_name='batch')
  state = state.apply_gradients(grads=grads)
  return state, compute_metrics(logits, labels)
