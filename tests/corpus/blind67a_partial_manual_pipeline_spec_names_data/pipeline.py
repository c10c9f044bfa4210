from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def spmd_pipeline(stage_fn, n_stages, stage_params, microbatches):
  """GPipe schedule; runs with the 'stage' axis manual. microbatches: [M, batch, d]."""
  params = jax.tree.map(lambda a: a[0], stage_params)      # this stage's layer
  stage = lax.axis_index("stage")
  n_micro = microbatches.shape[0]
  shift = [(i, (i + 1) % n_stages) for i in range(n_stages)]

  state = jnp.zeros_like(microbatches[0])
  outputs = lax.pcast(jnp.zeros_like(microbatches), "stage", to="varying")
  for t in range(n_micro + n_stages - 1):
    if t < n_micro:
      state = jnp.where(stage == 0, microbatches[t], state)
    state = stage_fn(params, state)
    done = t - n_stages + 1
    if done >= 0:
      outputs = outputs.at[done].set(jnp.where(stage == n_stages - 1, state, outputs[done]))
    state = lax.ppermute(state, "stage", shift)
  # only the last stage holds the results
  return lax.psum(jnp.where(stage == n_stages - 1, outputs, 0.), "stage")


def make_pipelined(stage_fn, n_stages):
  return jax.shard_map(
      partial(spmd_pipeline, stage_fn, n_stages),
      in_specs=(P("stage"), P(None, "data")),
      out_specs=P(None, "data"),
      axis_names={"stage"},
  )
