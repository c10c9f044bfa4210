from jax import lax

STAGE_AXIS = "pp"


def _perm(n):
  return [(i, i + 1) for i in range(n - 1)]


def send_next(x, n):
  return lax.psend(x, STAGE_AXIS, _perm(n))


def recv_prev(tok, like, n):
  return lax.precv(tok, like, STAGE_AXIS, _perm(n))
