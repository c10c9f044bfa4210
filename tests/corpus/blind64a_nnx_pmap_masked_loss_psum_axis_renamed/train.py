from functools import partial

from jax import lax
from flax import nnx


@partial(nnx.pmap, axis_name="i", in_axes=(None, None, 0, 0, 0), out_axes=None)
def train_step(model, optimizer, tokens, tags, mask):
  def loss_fn(model):
    return model.loss(tokens, tags, mask)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = lax.pmean(grads, "i")
  optimizer.update(model, grads)
  return loss
