import jax
import jax.numpy as jnp

from kernels import ring_permute

AXIS = "ring"


@jax.custom_vjp
def shift_right(x):
  return ring_permute(x, 1, AXIS)


def _shift_right_fwd(x):
  return ring_permute(x, 1, AXIS), None


def _shift_right_bwd(_, g):
  # The transpose of a right shift is a left shift.
  return (ring_permute(g, -1, AXIS),)


shift_right.defvjp(_shift_right_fwd, _shift_right_bwd)


def ring_mix(w, x):
  h = jnp.tanh(x @ w)
  return h + shift_right(h)
