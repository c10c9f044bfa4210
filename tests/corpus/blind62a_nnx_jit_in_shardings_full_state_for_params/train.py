import jax
import optax
from flax import nnx


def make_train_step(graphdef, tx):

  def train_step(params, rest, opt_state, images, labels):
    model = nnx.merge(graphdef, params, rest)

    def loss_fn(model):
      logits = model(images)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    params = nnx.state(model, nnx.Param)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, nnx.state(model, nnx.Not(nnx.Param)), opt_state, loss

  return train_step
