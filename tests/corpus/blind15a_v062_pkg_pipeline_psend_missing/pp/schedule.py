import jax.numpy as jnp
from jax import lax

from . import comm


def stage_fn(w, h):
  return jnp.tanh(h @ w)


def gpipe_forward(w_stage, x, *, axis_name, n_stages):
  w = w_stage[0]
  h = x
  for _ in range(n_stages - 1):
    h = comm.send_to_next(stage_fn(w, h), axis_name, n_stages)
  h = stage_fn(w, h)
  last = lax.axis_index(axis_name) == n_stages - 1
  return lax.psum(jnp.where(last, h, 0.0), axis_name)
