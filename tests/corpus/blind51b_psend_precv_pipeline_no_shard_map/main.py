import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import pipeline

num_stages = jax.device_count()
mesh = Mesh(np.array(jax.devices()), (pipeline.STAGE_AXIS,))
stage_sharding = NamedSharding(mesh, P(pipeline.STAGE_AXIS))


@jax.jit
def pipelined(weights, x):
    return pipeline.run_pipeline(weights, x, num_stages)


weights = jax.device_put(jnp.ones((num_stages, 32, 32)), stage_sharding)
x = jax.device_put(jnp.ones((num_stages * 8, 32)), stage_sharding)
print(pipelined.trace(weights, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
