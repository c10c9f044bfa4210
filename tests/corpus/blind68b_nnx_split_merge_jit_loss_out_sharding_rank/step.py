import jax
import optax
from flax import nnx


def loss_fn(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def pure_train_step(graphdef, state, images, labels):
  model, optimizer = nnx.merge(graphdef, state)
  loss, grads = nnx.value_and_grad(loss_fn)(model, images, labels)
  optimizer.update(model, grads)
  return loss, nnx.state((model, optimizer))
