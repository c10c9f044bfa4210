from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import pipeline

num_stages = jax.device_count()
mesh = Mesh(np.array(jax.devices()), (pipeline.STAGE_AXIS,))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(pipeline.STAGE_AXIS), P(pipeline.STAGE_AXIS)),
         out_specs=P(pipeline.STAGE_AXIS), check_vma=False)
def pipelined(weights, x):
    return pipeline.run_pipeline(weights, x, num_stages)


weights = jnp.ones((num_stages, 32, 32))
x = jnp.ones((num_stages * 8, 32))
print(pipelined.trace(weights, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
