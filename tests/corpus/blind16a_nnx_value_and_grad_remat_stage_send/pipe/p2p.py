import jax
from jax import lax


def ring_perm(n, cyclic=False):
  pairs = [(i, i + 1) for i in range(n - 1)]
  return pairs + [(n - 1, 0)] if cyclic else pairs


def send_to_next(x, axis, n):
  perm = ring_perm(n)
  token = lax.psend(x, axis, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, perm)
