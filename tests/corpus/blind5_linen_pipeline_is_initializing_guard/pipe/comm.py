"""Point-to-point helpers shared by the pipeline stages."""
import jax
from jax import lax as L


def shift_right(x, axis_name, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  tok = L.psend(x, axis_name, perm)
  return L.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
