"""Single-device debugging of the pipeline: the stage axis is a named vmap axis."""
import functools

import jax
import jax.numpy as jnp

from pipeline import spmd_pipeline, stage_fn

NUM_STAGES = 4
LAYERS_PER_STAGE = 2


@jax.jit
def forward(params, microbatches):
    run = functools.partial(spmd_pipeline, stage_fn, axis_name="stage", num_stages=NUM_STAGES)
    outputs = jax.vmap(run, in_axes=(0, None), axis_name="stage")(params, microbatches)
    return outputs[-1]


params = [jax.ShapeDtypeStruct((NUM_STAGES, 256, 256), jnp.float32) for _ in range(LAYERS_PER_STAGE)]
microbatches = jax.ShapeDtypeStruct((8, 16, 256), jnp.float32)
forward.trace(params, microbatches).lower(lowering_platforms=("cuda",))
