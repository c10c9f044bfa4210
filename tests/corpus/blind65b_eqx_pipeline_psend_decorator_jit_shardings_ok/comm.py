import jax
from jax import lax


def forward_to_next(x, axis_name, num_stages):
  perm = [(s, (s + 1) % num_stages) for s in range(num_stages)]
  tok = lax.psend(x, axis_name, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
