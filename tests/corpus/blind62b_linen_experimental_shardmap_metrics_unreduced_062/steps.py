import jax
import jax.numpy as jnp
import optax
from jax import lax


def make_train_step(axis_name):
  def train_step(state, batch, dropout_key):
    key = jax.random.fold_in(dropout_key, lax.axis_index(axis_name))

    def loss_fn(params):
      logits = state.apply_fn({"params": params}, batch["x"], train=True,
                              rngs={"dropout": key})
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean()
      return loss, logits

    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = lax.pmean(grads, axis_name)
    accuracy = jnp.mean(jnp.argmax(logits, -1) == batch["y"])
    state = state.apply_gradients(grads=grads)
    return state, {"loss": loss, "accuracy": accuracy}

  return train_step
