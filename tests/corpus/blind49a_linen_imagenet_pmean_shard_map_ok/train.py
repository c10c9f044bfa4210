"""train_step adapted from flax/examples/imagenet/train.py (originally pmapped
with axis_name='batch')."""
import jax
import optax
from jax import lax


def cross_entropy_loss(logits, labels):
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def train_step(model, params, batch_stats, batch, lr=0.1):
  def loss_fn(params):
    logits, new_model_state = model.apply(
        {'params': params, 'batch_stats': batch_stats},
        batch['image'], mutable=['batch_stats'])
    return cross_entropy_loss(logits, batch['label']), new_model_state

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  (loss, new_model_state), grads = grad_fn(params)
  # Re-use same axis_name as in the call to `pmap(...train_step...)` below.
  grads = lax.pmean(grads, axis_name='batch')
  loss = lax.pmean(loss, axis_name='batch')
  new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
  return new_params, new_model_state['batch_stats'], loss
