import jax
from jax import lax


def send_forward(x, axis, n):
  pairs = [(i, i + 1) for i in range(n - 1)]
  tok = lax.psend(x, axis, pairs)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, pairs)
