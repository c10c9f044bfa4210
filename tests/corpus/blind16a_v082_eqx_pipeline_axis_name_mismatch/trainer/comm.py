import jax
from jax import lax

PP_AXIS = 'pp'


def p2p_forward(h, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  tok = lax.psend(h, PP_AXIS, perm)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), PP_AXIS, perm)
