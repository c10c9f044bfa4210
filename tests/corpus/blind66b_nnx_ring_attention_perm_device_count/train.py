import jax
import optax
from flax import nnx

import parallel

AXES = (parallel.DATA_AXIS, parallel.SEQ_AXIS)


def make_train_step(mesh):

  @nnx.jit
  @parallel.sequence_parallel(mesh)
  def train_step(model, optimizer, inputs, targets):

    def loss_fn(model):
      logits = model(inputs)
      return optax.softmax_cross_entropy_with_integer_labels(
          logits, targets).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, AXES)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, AXES)

  return train_step
