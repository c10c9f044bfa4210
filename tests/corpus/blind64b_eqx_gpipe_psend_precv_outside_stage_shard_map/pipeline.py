import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

STAGE_AXIS = "stage"


def send_to_next(x, num_stages):
  """Stage i hands its activations to stage i + 1 (GPU send/recv)."""
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  token = lax.psend(x, STAGE_AXIS, perm)
  return lax.precv(token, x, STAGE_AXIS, perm)


def make_stage_fn(static, num_stages):
  def stage_fn(params, received, microbatch):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    is_first = lax.axis_index(STAGE_AXIS) == 0
    inputs = jnp.where(is_first, microbatch, received[0])
    out = jax.vmap(stage)(inputs)
    return out[None]

  return stage_fn
