import jax

STAGE_AXIS = 'stage'


def send_next(x, n_stages):
  perm = [(i, i + 1) for i in range(n_stages - 1)]
  return jax.lax.psend(x, STAGE_AXIS, perm)


def recv_prev(token, like, n_stages):
  perm = [(i, i + 1) for i in range(n_stages - 1)]
  return jax.lax.precv(token, jax.ShapeDtypeStruct(like.shape, like.dtype), STAGE_AXIS, perm)
