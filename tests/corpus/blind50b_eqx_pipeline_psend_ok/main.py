import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh

from parallel.pipeline import PipelineStage
from parallel.spmd import run_pipeline

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("stage",))
model = PipelineStage(32, NUM_STAGES, key=jr.key(0))


@eqx.filter_jit
def pipeline_forward(model, microbatches):
    return run_pipeline(model, microbatches, mesh)


params, static = eqx.partition(model, eqx.is_array)
mb = jnp.ones((NUM_STAGES * 2, 32))
lowered = jax.jit(lambda p, mb: pipeline_forward(eqx.combine(p, static), mb)).trace(
    params, mb).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
