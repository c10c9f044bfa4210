import jax
import jax.numpy as jnp
from jax import lax

STAGE_AXIS = 'stage'


def forward_pipeline(stage_fn, stage_params, microbatches, num_stages):
  """GPipe-style forward: each device holds one stage and streams microbatches to the next."""
  n_micro = microbatches.shape[0]
  stage = lax.axis_index(STAGE_AXIS)
  fwd_perm = [(i, i + 1) for i in range(num_stages - 1)]
  act = jnp.zeros_like(microbatches[0])
  outputs = []
  for t in range(n_micro + num_stages - 1):
    inp = jnp.where(stage == 0, microbatches[min(t, n_micro - 1)], act)
    out = stage_fn(stage_params, inp)
    token = lax.psend(out, STAGE_AXIS, fwd_perm)
    act = lax.precv(token, jax.ShapeDtypeStruct(out.shape, out.dtype), STAGE_AXIS, fwd_perm)
    if t >= num_stages - 1:
      outputs.append(out)
  # only the last stage's outputs are meaningful
  return jnp.stack(outputs)
