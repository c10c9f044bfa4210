import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh

from pipeline import make_pipeline, make_stages

NUM_STAGES = 4
mesh = Mesh(jax.devices()[:NUM_STAGES], ("stage",))
stages = make_stages(NUM_STAGES, 32, axis_name="stage", key=jr.PRNGKey(0))
params, run = make_pipeline(stages, mesh, NUM_STAGES)
microbatch = jnp.ones((8, 32))
run.trace(params, microbatch).lower(lowering_platforms=("tpu",))
