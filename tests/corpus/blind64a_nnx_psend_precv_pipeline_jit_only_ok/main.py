import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
from flax import nnx

from pipeline import gpipe_forward
from stages import STAGE_AXIS, create_stages

mesh = jax.make_mesh((4,), (STAGE_AXIS,), axis_types=(AxisType.Auto,))

stages = create_stages(4, 512, nnx.Rngs(0))
state = jax.device_put(nnx.state(stages), NamedSharding(mesh, P(STAGE_AXIS)))
nnx.update(stages, state)
stage_ids = jax.device_put(jnp.arange(4), NamedSharding(mesh, P(STAGE_AXIS)))

forward = nnx.jit(nnx.shard_map(
    gpipe_forward, mesh=mesh,
    in_specs=(P(STAGE_AXIS), P(STAGE_AXIS), P()), out_specs=P(STAGE_AXIS)))

microbatches = jax.ShapeDtypeStruct((8, 16, 512), jnp.float32,
                                    sharding=NamedSharding(mesh, P()))
forward.trace(stages, stage_ids, microbatches).lower(lowering_platforms=("cuda",))
