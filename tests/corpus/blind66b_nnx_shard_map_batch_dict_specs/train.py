import jax
import optax
from flax import nnx

from parallel import DATA_AXIS


def train_step(model, optimizer, batch):

  def loss_fn(model):
    logits = model(batch["image"])
    return optax.softmax_cross_entropy_with_integer_labels(
        logits, batch["label"]).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, DATA_AXIS)
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, DATA_AXIS)
