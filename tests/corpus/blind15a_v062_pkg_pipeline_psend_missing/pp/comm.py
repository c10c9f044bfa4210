import jax
from jax import lax


def forward_perm(n):
  return [(i, i + 1) for i in range(n - 1)]


def send_to_next(x, axis_name, n):
  perm = forward_perm(n)
  token = lax.psend(x, axis_name, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
