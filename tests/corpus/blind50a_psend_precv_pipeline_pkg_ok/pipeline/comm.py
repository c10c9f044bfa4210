"""Point-to-point helpers for a ring of pipeline stages (psend/precv)."""
import jax

STAGE_AXIS = "stage"
NUM_STAGES = 4

FWD_PERM = [(i, i + 1) for i in range(NUM_STAGES - 1)]
BWD_PERM = [(NUM_STAGES - 1, 0)]


def send_forward(x):
  return jax.lax.psend(x, axis_name=STAGE_AXIS, perm=FWD_PERM)


def recv_forward(token, like):
  return jax.lax.precv(token, out_shape=jax.ShapeDtypeStruct(like.shape, like.dtype),
                       axis_name=STAGE_AXIS, perm=FWD_PERM)


def send_backward(x):
  return jax.lax.psend(x, axis_name=STAGE_AXIS, perm=BWD_PERM)


def recv_backward(token, like):
  return jax.lax.precv(token, out_shape=jax.ShapeDtypeStruct(like.shape, like.dtype),
                       axis_name=STAGE_AXIS, perm=BWD_PERM)
