import jax
import jax.numpy as jnp
from jax import lax

STAGE = "stage"


def stage_forward(stage_params, x):
  def layer(h, p):
    return h + jax.nn.gelu(h @ p["w1"]) @ p["w2"], None
  x, _ = lax.scan(layer, x, stage_params)
  return x


def _send_next(x, perm):
  token = lax.psend(x, STAGE, perm)
  return lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), STAGE, perm)


def gpipe(params, microbatches, *, num_stages):
  """Runs inside shard_map: params hold this stage's layers, microbatches are replicated."""
  params = jax.tree.map(lambda a: a[0], params)     # drop the local [1] stage dim
  stage = lax.axis_index(STAGE)
  fwd_perm = [(i, i + 1) for i in range(num_stages - 1)]
  num_micro = microbatches.shape[0]

  state = jnp.zeros_like(microbatches[0])
  outputs = jnp.zeros_like(microbatches)
  for t in range(num_micro + num_stages - 1):
    feed = microbatches[min(t, num_micro - 1)]
    x = jnp.where(stage == 0, feed, state)
    y = stage_forward(params, x)
    mb = t - (num_stages - 1)
    if 0 <= mb < num_micro:
      outputs = outputs.at[mb].set(jnp.where(stage == num_stages - 1, y, outputs[mb]))
    state = _send_next(y, fwd_perm)
  # only the last stage holds real outputs
  return lax.psum(jnp.where(stage == num_stages - 1, outputs, 0.0), STAGE)
