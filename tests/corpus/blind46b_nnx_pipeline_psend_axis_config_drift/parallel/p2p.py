"""Point-to-point helpers for the pipeline (NCCL send/recv on GPU)."""
import jax
from jax import lax

STAGE_AXIS = 'stage'


def forward_perm(num_stages: int):
  return [(i, (i + 1) % num_stages) for i in range(num_stages)]


def send_to_next(x, num_stages: int):
  """Send `x` to the next stage; returns the token for the matching recv."""
  return lax.psend(x, STAGE_AXIS, forward_perm(num_stages))


def recv_from_prev(token, like, num_stages: int):
  out_shape = jax.ShapeDtypeStruct(like.shape, like.dtype)
  return lax.precv(token, out_shape, STAGE_AXIS, forward_perm(num_stages))
