import jax
import jax.numpy as jnp

from modules import Linear, PipelineStage

n = jax.local_device_count()
dim = 16
stages = PipelineStage(
    Linear(jnp.zeros((n, dim, dim)), jnp.zeros((n, dim))),
    axis_name="stage",
    num_stages=n,
)


def run_stage(stage, x):
    return stage(x)


pipeline = jax.pmap(run_stage, axis_name="stage")
x = jnp.zeros((n, 4, dim))
lowered = jax.jit(pipeline).trace(stages, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:100])
