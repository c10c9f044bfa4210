import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import spmd_pipeline, stage_fn

NUM_STAGES = 4
LAYERS_PER_STAGE = 2
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("stage",))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P(), check_vma=False)
def forward(params, microbatches):
    stage_params = [w[0] for w in params]
    return spmd_pipeline(stage_fn, stage_params, microbatches, axis_name="stage", num_stages=NUM_STAGES)


params = [jax.ShapeDtypeStruct((NUM_STAGES, 256, 256), jnp.float32) for _ in range(LAYERS_PER_STAGE)]
microbatches = jax.ShapeDtypeStruct((8, 16, 256), jnp.float32)
forward.trace(params, microbatches).lower(lowering_platforms=("cuda",))
