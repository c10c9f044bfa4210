from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from pipeline import STAGE_AXIS, pipeline_step

mesh = jax.make_mesh((4,), (STAGE_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(), P(STAGE_AXIS, None)), out_specs=P(STAGE_AXIS, None))
def run(weights, a):
  return pipeline_step(weights, a)


a = jax.device_put(jnp.arange(8 * 8, dtype=jnp.float32).reshape(8, 8),
                   NamedSharding(mesh, P(STAGE_AXIS, None)))
weights = jax.random.uniform(jax.random.key(0), (8, 8), dtype=jnp.float32)
print(run.trace(weights, a).lower(lowering_platforms=("cuda",)).as_text()[:40])
