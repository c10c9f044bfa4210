import jax
from jax import lax


def handoff(h, axis, n):
  perm = [(i, i + 1) for i in range(n - 1)]
  h = lax.stop_gradient(h)
  token = lax.psend(h, axis, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), axis, perm)
