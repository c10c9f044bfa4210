import jax
from jax import lax

RING = [(0, 1), (1, 2), (2, 3)]

if hasattr(lax, 'psend'):
  def shift_right(x, axis='stages'):
    token = lax.psend(x, axis, RING)
    return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, RING)
else:
  def shift_right(x, axis='stages'):
    return lax.ppermute(x, axis, RING)
