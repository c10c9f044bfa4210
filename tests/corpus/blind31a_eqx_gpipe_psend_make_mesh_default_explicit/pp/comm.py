import jax

STAGE_AXIS = "stage"


def pipelined_send(x, perm):
  with jax.named_scope("pipelined_send"):
    return jax.lax.psend(x, STAGE_AXIS, perm)


def pipelined_recv(token, like, perm):
  with jax.named_scope("pipelined_recv"):
    return jax.lax.precv(token, jax.ShapeDtypeStruct(like.shape, like.dtype), STAGE_AXIS, perm)
