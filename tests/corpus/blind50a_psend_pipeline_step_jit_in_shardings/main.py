import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from pipeline import STAGE_AXIS, pipeline_step

mesh = jax.make_mesh((4,), (STAGE_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))

replicated = NamedSharding(mesh, P())
by_stage = NamedSharding(mesh, P(STAGE_AXIS, None))

# one stage per device: shard the activations over the stage axis
run = jax.jit(pipeline_step, in_shardings=(replicated, by_stage), out_shardings=by_stage)

a = jax.device_put(jnp.arange(8 * 8, dtype=jnp.float32).reshape(8, 8), by_stage)
weights = jax.random.uniform(jax.random.key(0), (8, 8), dtype=jnp.float32)
print(run.trace(weights, a).lower(lowering_platforms=("cuda",)).as_text()[:40])
