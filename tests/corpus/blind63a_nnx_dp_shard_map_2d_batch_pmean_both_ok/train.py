import jax
import optax
from flax import nnx


def make_train_step(graphdef, reduce_axes):

  def train_step(state, images, labels):
    model, optimizer = nnx.merge(graphdef, state)

    def loss_fn(model):
      logits = model(images)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, axis_name=reduce_axes)
    loss = jax.lax.pmean(loss, axis_name=reduce_axes)
    optimizer.update(model, grads)
    return loss, nnx.state((model, optimizer))

  return train_step
