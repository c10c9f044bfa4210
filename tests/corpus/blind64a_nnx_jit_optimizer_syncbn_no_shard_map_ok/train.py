import optax
from jax import lax
from flax import nnx


def loss_fn(model, images, labels):
  logits = model(images)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return lax.pmean(loss, "data"), logits


def train_step(model, optimizer, images, labels):
  grad_fn = nnx.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(model, images, labels)
  optimizer.update(model, grads)
  return loss
