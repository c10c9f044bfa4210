import jax
import jax.numpy as jnp
from flax import nnx

from . import comm


class StageBlock(nnx.Module):
  """One pipeline stage's layers; every device holds its own stage's weights."""

  def __init__(self, dim, num_stages, *, rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.fc = nnx.Linear(dim, dim, rngs=rngs)
    self.num_stages = num_stages

  def layer(self, h):
    return h + nnx.gelu(self.fc(self.norm(h)))

  def __call__(self, microbatches):
    num_micro = microbatches.shape[0]
    stage = jax.lax.axis_index(comm.STAGE_AXIS)
    carry = jnp.zeros_like(microbatches[0])
    outputs = []
    for t in range(num_micro + self.num_stages - 1):
      feed = microbatches[min(t, num_micro - 1)]
      h = self.layer(jnp.where(stage == 0, feed, carry))
      outputs.append(h)
      carry = comm.shift_to_next_stage(h, self.num_stages)
    return jnp.stack(outputs[self.num_stages - 1:])
