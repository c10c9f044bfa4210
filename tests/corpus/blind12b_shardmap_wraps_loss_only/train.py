import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
  pred = x @ params['w'] + params['b']
  return jnp.mean((pred - y) ** 2)


def sgd(params, grads, lr=1e-2):
  return jax.tree.map(lambda p, g: p - lr * g, params, grads)
