import jax
import jax.numpy as jnp
from flax import nnx


def gpipe_forward(stages, stage_ids, microbatches):
  """stages: this device's slice of the stacked stages (leading dim 1); microbatches: (M, b, d)."""
  graphdef, state = nnx.split(stages)
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  stage_id = stage_ids[0]
  num_stages = 4
  num_micro = microbatches.shape[0]

  is_first = stage_id == 0
  carry = jnp.zeros_like(microbatches[0])
  outputs = []
  for t in range(num_micro + num_stages - 1):
    feed = microbatches[min(t, num_micro - 1)]
    x = jnp.where(is_first, feed, carry)
    y = stage(x)
    if t >= num_stages - 1:
      outputs.append(y)           # meaningful on the last stage only
    carry = stage.hand_off(y, num_stages)
  return jnp.stack(outputs)[None]
