import jax
import jax.numpy as jnp
from jax.sharding import Mesh

from pipeline import make_stages, pipeline_forward

NUM_STAGES = 4
mesh = Mesh(jax.devices()[:NUM_STAGES], ("stage",))
stages = make_stages(dim=16, axis="stage", num_stages=NUM_STAGES, key=jax.random.PRNGKey(0))
microbatches = jnp.zeros((3, 2, 16))


@jax.jit
def forward(stages, microbatches):
    return pipeline_forward(stages, microbatches, mesh, "stage")


print(forward.trace(stages, microbatches).lower(lowering_platforms=("cuda",)).as_text()[:100])
