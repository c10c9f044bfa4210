import jax
import jax.numpy as jnp
import optax

import model

tx = optax.sgd(0.05, momentum=0.9)


def loss_fn(params, images, labels):
  logits = model.apply(params, images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def train_step(params, opt_state, images, labels):
  loss, grads = jax.value_and_grad(loss_fn)(params, images, labels)
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss
