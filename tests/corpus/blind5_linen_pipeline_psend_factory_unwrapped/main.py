import jax
import jax.numpy as jnp
from jax.sharding import Mesh

from runner import build_pipeline_tick
from stage import PipelineStage

NUM_STAGES = 4
mesh = Mesh(jax.devices()[:NUM_STAGES], ('stage',))
model = PipelineStage(features=16, stage_axis='stage', num_stages=NUM_STAGES)

x = jnp.ones((4, 16))
stacked = jax.vmap(model.init, in_axes=(0, None))(jax.random.split(jax.random.key(0), NUM_STAGES), x)

tick = build_pipeline_tick(model, mesh)
tick.trace(stacked, x).lower(lowering_platforms=("cuda",))
