import jax
import jax.numpy as jnp
from jax import lax

FORWARD = [(0, 1)]   # stage 0 -> stage 1


def send_to_next_stage(h):
  token = lax.psend(h, "stage", FORWARD)
  return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", FORWARD)


def two_stage_forward(layer, params, x):
  h = layer(params, x)                 # stage 0: first layer on the real input
  h = send_to_next_stage(h)
  y = layer(params, h)                 # stage 1: second layer on what stage 0 sent
  stage = lax.axis_index("stage")
  return lax.psum(jnp.where(stage == 1, y, 0.), "stage")
