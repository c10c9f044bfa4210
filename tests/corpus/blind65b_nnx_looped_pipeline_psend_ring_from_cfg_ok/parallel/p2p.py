import jax
from jax import lax


def ring_perm(n):
  return [(i, (i + 1) % n) for i in range(n)]


def send_to_next_stage(x, axis_name, ring_size):
  """Hand the activations to the next device of the pipeline ring (NCCL send/recv)."""
  perm = ring_perm(ring_size)
  token = lax.psend(x, axis_name, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), axis_name, perm)
