import jax
import jax.numpy as jnp
from flax import nnx

PIPE = "pipe"


def _rotate(x, num_stages):
  # stage i hands its activations to stage i + 1 (last wraps to first)
  perm = [(i, (i + 1) % num_stages) for i in range(num_stages)]
  return jax.lax.ppermute(x, PIPE, perm)


def gpipe_forward(stage_graphdef, stage_state, microbatches, num_stages):
  """SPMD GPipe: every device runs its own stage on a rolling buffer of microbatches."""
  local = jax.tree.map(lambda a: a[0], stage_state)
  stage = nnx.merge(stage_graphdef, local)
  stage_id = jax.lax.axis_index(PIPE)
  num_micro = microbatches.shape[0]

  buf = jnp.zeros_like(microbatches[0])
  outputs = jnp.zeros_like(microbatches)
  for t in range(num_micro + num_stages - 1):
    feed = microbatches[min(t, num_micro - 1)]
    buf = jnp.where(stage_id == 0, feed, buf)
    buf = stage(buf)
    done = t - (num_stages - 1)
    if done >= 0:
      outputs = outputs.at[done].set(jnp.where(stage_id == num_stages - 1, buf, outputs[done]))
    buf = _rotate(buf, num_stages)
  # only the last stage holds real outputs; the others contributed zeros
  return jax.lax.psum(outputs, PIPE)
