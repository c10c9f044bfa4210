"""Debug run of the pipeline schedule on a single device: the stage axis is a vmap axis."""
from functools import partial

import jax
import jax.numpy as jnp

from pipeline import StageMLP, gpipe_forward

NUM_STAGES, NUM_MICRO, MICRO_BATCH, D_MODEL = 4, 4, 2, 16

stage = StageMLP(d_model=D_MODEL, layers_per_stage=2)
keys = jax.random.split(jax.random.key(0), NUM_STAGES)
sample = jnp.zeros((MICRO_BATCH, D_MODEL))
stacked = jax.vmap(lambda k: stage.init(k, sample))(keys)


def run_stage(params, x):
  return stage.apply(params, x)


@jax.jit
def simulated_pipeline(stacked, microbatches):
  per_stage = jax.vmap(
      partial(gpipe_forward, run_stage, axis_name='stage', num_stages=NUM_STAGES),
      in_axes=(0, None), axis_name='stage')
  return per_stage(stacked, microbatches)[-1]


micro = jnp.ones((NUM_MICRO, MICRO_BATCH, D_MODEL))
simulated_pipeline.trace(stacked, micro).lower(lowering_platforms=('cuda',))
