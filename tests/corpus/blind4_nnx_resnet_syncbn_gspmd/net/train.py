import optax
from flax import nnx


def cross_entropy(model, images, labels):
  logits = model(images)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def build_train_step():
  # jit partitions the step from the input shardings (batch split over the mesh); no
  # per-device code and no explicit collectives needed.
  @nnx.jit(donate_argnums=(0, 1))
  def train_step(model, optimizer, images, labels):
    loss, grads = nnx.value_and_grad(cross_entropy)(model, images, labels)
    optimizer.update(model, grads)
    return loss

  return train_step
