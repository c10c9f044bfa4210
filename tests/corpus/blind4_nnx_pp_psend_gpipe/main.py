import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh

from pp import build_pipeline, make_stages

NUM_STAGES, DIM, MICRO, MB = 4, 32, 6, 2

mesh = Mesh(jax.devices()[:NUM_STAGES], ('stage',))
stages = make_stages(NUM_STAGES, DIM, 4 * DIM)
graphdef, state = nnx.split(stages)

forward = build_pipeline(mesh, graphdef)
microbatches = jnp.ones((MICRO, MB, DIM))
lowered = forward.trace(state, microbatches).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:120])
