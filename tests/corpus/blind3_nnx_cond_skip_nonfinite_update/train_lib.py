"""Train step that skips the update when the (global) loss is not finite."""
import jax
import jax.numpy as jnp
from flax import nnx


def make_train_step(loss_fn, *, data_axis):

  def apply_update(model, optimizer, grads):
    grads = jax.lax.pmean(grads, data_axis)
    optimizer.update(model, grads)

  def skip_update(model, optimizer, grads):
    del model, optimizer, grads

  def train_step(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
    loss = jax.lax.pmean(loss, data_axis)
    nnx.cond(jnp.isfinite(loss), apply_update, skip_update, model, optimizer, grads)
    return loss

  return train_step
