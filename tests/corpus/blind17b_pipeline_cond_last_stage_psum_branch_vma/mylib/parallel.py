import jax.numpy as jnp
from jax import lax


def shift(h, axis, n):
  return lax.ppermute(h, axis, [(i, (i + 1) % n) for i in range(n)])


def pipeline_loss(w, x, *, axis, n):
  stage = lax.axis_index(axis)
  h = x
  for _ in range(n):
    h = jnp.tanh(h @ w[0])
    h = shift(h, axis, n)
  local = jnp.mean(h ** 2)
  return lax.cond(stage == n - 1,
                  lambda l: lax.psum(l, axis),
                  lambda l: l,
                  local)
