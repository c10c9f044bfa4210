import jax
from jax import lax


def pass_to_next(x, *, axis_name, n):
  fwd = [(i, i + 1) for i in range(n - 1)]
  token = lax.psend(x, axis_name=axis_name, perm=fwd)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name=axis_name, perm=fwd)
