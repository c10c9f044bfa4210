import jax
import jax.numpy as jnp


def make_train_step(forward, lr=1e-2):
  def loss_fn(w, mbs):
    out = forward(w, mbs)
    return jnp.mean(out ** 2)

  def train_step(w, mbs):
    loss, g = jax.value_and_grad(loss_fn)(w, mbs)
    return w - lr * g, loss
  return train_step
