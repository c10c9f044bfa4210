import optax
from flax import nnx


def make_train_step(graphdef):

  def train_step(state, images, labels):
    model, optimizer = nnx.merge(graphdef, state)

    def loss_fn(model):
      logits = model(images)
      return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    _, state = nnx.split((model, optimizer))
    return loss, state

  return train_step
