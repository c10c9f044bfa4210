"""Point-to-point helpers for a GPU pipeline (NCCL send/recv via lax.psend / lax.precv).

Must be called from inside a shard_map body that is manual over STAGE_AXIS.
"""
import jax
from jax import lax

STAGE_AXIS = 'stage'


def forward_perm(num_stages):
  return [(i, i + 1) for i in range(num_stages - 1)]


def send_recv_next(x, num_stages):
  perm = forward_perm(num_stages)
  token = lax.psend(x, STAGE_AXIS, perm)
  return lax.precv(token, jax.ShapeDtypeStruct.like(x), STAGE_AXIS, perm)


def recv_from_prev(like, num_stages):
  """Receive the first microbatch from the previous stage (no matching send yet)."""
  perm = forward_perm(num_stages)
  return lax.precv(lax.create_token(), like, STAGE_AXIS, perm)
