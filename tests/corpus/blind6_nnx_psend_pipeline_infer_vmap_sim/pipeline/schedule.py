import jax
import jax.numpy as jnp
from flax import nnx

from . import comm


def gpipe_forward(graphdef, stage_state, microbatches, *, axis_name, num_stages):
  """Runs on one device (one stage). stage_state holds this stage's slice (leading dim 1)."""
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], stage_state))
  stage_id = jax.lax.axis_index(axis_name)
  num_mb = microbatches.shape[0]
  carry = jnp.zeros_like(microbatches[0])
  outs = []
  for t in range(num_mb + num_stages - 1):
    inp = jnp.where(stage_id == 0, microbatches[min(t, num_mb - 1)], carry)
    out = stage(inp)
    outs.append(out)
    carry = comm.send_to_next(out, axis_name, num_stages)
  # the last stage emits microbatch m at tick m + num_stages - 1
  return jnp.stack(outs[num_stages - 1:])[None]
