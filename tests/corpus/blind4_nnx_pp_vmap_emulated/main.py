"""Checks the pipeline schedule on a single device before launching it on the GPU node."""
import jax
import jax.numpy as jnp
from flax import nnx

from pp import build_emulated_pipeline, make_stages

NUM_STAGES, DIM, MICRO, MB = 4, 32, 6, 2

stages = make_stages(NUM_STAGES, DIM, 4 * DIM)
graphdef, state = nnx.split(stages)

forward = build_emulated_pipeline(graphdef, NUM_STAGES)
microbatches = jnp.ones((MICRO, MB, DIM))
lowered = forward.trace(state, microbatches).lower(lowering_platforms=('cuda',))
