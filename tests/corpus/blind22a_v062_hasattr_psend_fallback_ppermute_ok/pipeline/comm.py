import jax
from jax import lax

HAS_P2P = hasattr(jax.lax, 'psend')


def hop(x, axis_name, n):
  perm = [(i, i + 1) for i in range(n - 1)]
  if HAS_P2P:
    token = lax.psend(x, axis_name, perm)
    return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
  return lax.ppermute(x, axis_name, perm)
