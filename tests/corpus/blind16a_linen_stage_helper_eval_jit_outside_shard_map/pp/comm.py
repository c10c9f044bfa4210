import jax
from jax import lax

STAGE_AXIS = 'stage'


def forward_perm(n):
  return [(i, i + 1) for i in range(n - 1)]


def send_next(h, n_stages):
  perm = forward_perm(n_stages)
  token = lax.psend(h, STAGE_AXIS, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), STAGE_AXIS, perm)
