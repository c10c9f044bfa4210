import optax
from jax import lax
from flax import nnx

from attention import SEQ_AXIS


def train_step(model, optimizer, tokens, targets):
  def loss_fn(model):
    logits = model(tokens)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()
    return lax.pmean(loss, SEQ_AXIS)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = lax.pmean(grads, SEQ_AXIS)
  optimizer.update(model, grads)
  return loss
