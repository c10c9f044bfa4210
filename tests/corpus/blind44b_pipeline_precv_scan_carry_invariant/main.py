import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from pipeline import STAGE, make_pipeline

NUM_STAGES = 4
NUM_MICROBATCHES = 8
D = 32

mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), (STAGE,))
forward = make_pipeline(mesh, num_stages=NUM_STAGES)

stage_w = jax.device_put(jnp.ones((NUM_STAGES, D, D)) * 0.05, NamedSharding(mesh, P(STAGE)))
microbatches = jnp.ones((NUM_MICROBATCHES, 4, D))
print(forward.trace(stage_w, microbatches).lower(lowering_platforms=("cuda",)).as_text()[:40])
