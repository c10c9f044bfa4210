import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

from model import ACT_SHAPE, N_STAGES

STAGE = "stage"
FORWARD = [(i, i + 1) for i in range(N_STAGES - 1)]


def send_forward(h):
  token = lax.psend(h, STAGE, FORWARD)
  return lax.precv(token, jax.ShapeDtypeStruct(ACT_SHAPE, jnp.float32), STAGE, FORWARD)


def build_forward(graphdef):

  def forward(stage_state, x):
    stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], stage_state))
    rank = lax.axis_index(STAGE)
    h = stage(x)                    # stage 0 consumes the real batch
    h_in = send_forward(h)          # stage 1 receives stage 0's activations
    y = stage(h_in)
    out = jnp.where(rank == N_STAGES - 1, y, h)
    return out[None]

  return forward
