import jax
from jax import lax


def forward_perm(num_stages):
  return [(i, i + 1) for i in range(num_stages - 1)]


def send_to_next(x, axis_name, num_stages):
  perm = forward_perm(num_stages)
  token = lax.psend(x, axis_name, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
