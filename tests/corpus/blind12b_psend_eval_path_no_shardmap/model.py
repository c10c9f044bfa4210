import jax
import jax.numpy as jnp

from comm import send_next

AXIS = 'pp'


def run_stages(ws, x, n):
  me = jax.lax.axis_index(AXIS)
  h = x
  for _ in range(n - 1):
    h = jnp.where(me == 0, x, h)
    h = jnp.tanh(h @ ws[0])
    h = send_next(h, AXIS, n)
  return h
