import jax
from jax import lax
from flax import nnx

STAGE_AXIS = 'stage'


def shift_to_next_stage(h, num_stages):
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  token = lax.psend(h, STAGE_AXIS, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(h.shape, h.dtype), STAGE_AXIS, perm)


def make_pipeline_step(graphdef, num_stages):

  def pipeline_step(stage_state, h):
    # stage_state holds this rank's slice of the stacked stages
    local = jax.tree.map(lambda a: a[0], stage_state)
    stage = nnx.merge(graphdef, local)
    out = stage(h[0])
    return shift_to_next_stage(out, num_stages)[None]

  return pipeline_step
