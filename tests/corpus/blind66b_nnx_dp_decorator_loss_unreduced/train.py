import jax
import optax
from flax import nnx

import parallel


def make_train_step(mesh):

  @nnx.jit
  @parallel.data_parallel(mesh)
  def train_step(model, optimizer, x, y):

    def loss_fn(model):
      logits = model(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, parallel.BATCH)
    optimizer.update(model, grads)
    return loss

  return train_step
