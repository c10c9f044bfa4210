import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from pipeline import STAGE_AXIS, Pipeline

mesh = jax.make_mesh((4,), (STAGE_AXIS,), axis_types=(AxisType.Explicit,))
pipe = Pipeline(n_stages=4, n_micro=3)

forward = jax.jit(jax.shard_map(pipe.forward, mesh=mesh,
                                in_specs=(P(STAGE_AXIS), P(STAGE_AXIS), P()), out_specs=P(STAGE_AXIS)))

w = jax.ShapeDtypeStruct((4, 16, 16), jnp.float32, sharding=NamedSharding(mesh, P(STAGE_AXIS)))
mb = jax.ShapeDtypeStruct((3, 8, 16), jnp.float32, sharding=NamedSharding(mesh, P()))
ids = jax.ShapeDtypeStruct((4,), jnp.int32, sharding=NamedSharding(mesh, P(STAGE_AXIS)))
print(forward.trace(w, ids, mb).lower(lowering_platforms=("cuda",)).as_text()[:40])
