import jax
import jax.numpy as jnp

from pipeline.runner import build_pipeline_step, init_stage_params
from pipeline.stage import PipelineStage

NUM_STAGES = 4
HIDDEN = 16

mesh = jax.make_mesh((NUM_STAGES,), ('stage',), axis_types=(jax.sharding.AxisType.Auto,))
stage = PipelineStage(hidden=HIDDEN, stage_axis='stage', num_stages=NUM_STAGES)
params = jax.eval_shape(lambda rng, x: init_stage_params(stage, rng, x), jax.random.key(0), jnp.ones((2, HIDDEN)))
step = build_pipeline_step(stage, mesh)
microbatches = jax.ShapeDtypeStruct((NUM_STAGES, 2, HIDDEN), jnp.float32)
print(step.trace(params, microbatches).lower(lowering_platforms=('cuda',)).as_text()[:80])
