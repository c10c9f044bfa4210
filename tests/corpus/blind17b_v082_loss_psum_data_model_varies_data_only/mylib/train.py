import jax
import jax.numpy as jnp
from jax import lax

MESH_AXES = ('data', 'model')


def loss_and_grads(w, x, y):
  def loss_fn(w):
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)
  loss, g = jax.value_and_grad(loss_fn)(w)
  loss = lax.pmean(loss, MESH_AXES)
  g = lax.pmean(g, 'data')
  return loss, g
