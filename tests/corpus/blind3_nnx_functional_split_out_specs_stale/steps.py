"""Functional train step in the style of Flax's 'Performance considerations' guide: the jitted
function takes and returns pure state, merging and splitting the graph inside."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def make_step(graphdef, axis_name):
  def train_step(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)

    def loss_fn(model):
      logits = model(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, axis_name)
    optimizer.update(model, grads)
    state = nnx.state((model, optimizer))
    return state, jax.lax.pmean(loss, axis_name)

  return train_step
