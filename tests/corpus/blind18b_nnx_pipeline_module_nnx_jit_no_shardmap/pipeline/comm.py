import jax
from jax import lax

STAGE_AXIS = 'stage'


def forward_to_next(x, n_stages):
  pairs = [(s, s + 1) for s in range(n_stages - 1)]
  token = lax.psend(x, STAGE_AXIS, pairs)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), STAGE_AXIS, pairs)
