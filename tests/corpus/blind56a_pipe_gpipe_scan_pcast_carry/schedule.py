import jax
import jax.numpy as jnp
from jax import lax

STAGE = "stage"


def stage_fn(w, x):
  return jax.nn.relu(x @ w["w1"]) @ w["w2"]


def gpipe_forward(w, microbatches, n_stages):
  """w: this stage's weights; microbatches: [M, mb, D] (replicated).
  Returns outputs [M, mb, D], valid on the last stage."""
  w = jax.tree.map(lambda a: a[0], w)            # drop the stage dim left by shard_map
  n_mb = microbatches.shape[0]
  sid = lax.axis_index(STAGE)
  ring = [(i, (i + 1) % n_stages) for i in range(n_stages)]

  def tick(carry, t):
    state, outputs = carry
    feed = microbatches[jnp.minimum(t, n_mb - 1)]
    state = jnp.where(sid == 0, feed, state)
    state = stage_fn(w, state)
    out_slot = t - (n_stages - 1)
    outputs = jnp.where((sid == n_stages - 1) & (out_slot >= 0),
                        outputs.at[jnp.maximum(out_slot, 0)].set(state), outputs)
    state = lax.ppermute(state, STAGE, ring)
    return (state, outputs), None

  state0 = lax.pcast(jnp.zeros_like(microbatches[0]), STAGE, to="varying")
  outputs0 = lax.pcast(jnp.zeros_like(microbatches), STAGE, to="varying")
  (_, outputs), _ = lax.scan(tick, (state0, outputs0), jnp.arange(n_mb + n_stages - 1))
  return outputs
