from jax import lax

FWD = [(0, 1)]


def hand_off(x, axis='pp'):
  tok = lax.psend(x, axis, FWD)
  return lax.precv(tok, x, axis, FWD)
