import jax
import jax.numpy as jnp

STAGE_AXIS = "stage"


def send_forward(h, n_stages):
  """Stage s hands its output to stage s + 1 (the last stage sends nothing)."""
  pairs = [(s, s + 1) for s in range(n_stages - 1)]
  tok = jax.lax.psend(h, STAGE_AXIS, pairs)
  return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), STAGE_AXIS, pairs)
