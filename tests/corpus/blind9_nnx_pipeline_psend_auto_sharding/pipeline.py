import jax
import jax.numpy as jnp
from jax import lax

STAGE_AXIS = 'stage'


def forward_pipeline(stage_fn, stage_params, stage_ids, microbatches, num_stages):
  """GPipe-style forward: every stage runs each tick and hands its activation to the next."""
  n_micro = microbatches.shape[0]
  is_first = (stage_ids == 0)[:, None, None]
  fwd_perm = [(i, i + 1) for i in range(num_stages - 1)]
  act = jnp.zeros((num_stages,) + microbatches.shape[1:], microbatches.dtype)
  outputs = []
  for t in range(n_micro + num_stages - 1):
    inp = jnp.where(is_first, microbatches[min(t, n_micro - 1)][None], act)
    out = stage_fn(stage_params, inp)
    token = lax.psend(out, STAGE_AXIS, fwd_perm)
    act = lax.precv(token, jax.ShapeDtypeStruct(out.shape, out.dtype), STAGE_AXIS, fwd_perm)
    if t >= num_stages - 1:
      outputs.append(out[-1])
  return jnp.stack(outputs)
