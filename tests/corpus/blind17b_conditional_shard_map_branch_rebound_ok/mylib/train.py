import jax
import jax.numpy as jnp
from jax import lax


def local_loss(w, x):
  return jnp.mean((x @ w) ** 2)


def dp_loss(w, x, axis):
  return lax.pmean(local_loss(w, x), axis)


def sgd(loss_fn, lr=0.1):
  def step(w, x):
    l, g = jax.value_and_grad(loss_fn)(w, x)
    return w - lr * g, l
  return step
