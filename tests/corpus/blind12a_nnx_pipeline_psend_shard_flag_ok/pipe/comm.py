import jax
from jax import lax as L


def shift_right(x, axis, n):
  """Send each stage's activations to the next stage (stage 0 receives zeros)."""
  perm = [(i, i + 1) for i in range(n - 1)]
  token = L.psend(x, axis, perm)
  return L.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, perm)
