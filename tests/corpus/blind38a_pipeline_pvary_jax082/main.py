import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from pipe import stages

NUM_STAGES = 4
DIM = 16

mesh = jax.make_mesh((NUM_STAGES,), (stages.STAGE_AXIS,), axis_types=(AxisType.Explicit,))
layers = stages.make_stacked_layers(NUM_STAGES, DIM, jax.random.key(0))
params, static = eqx.partition(layers, eqx.is_array)
params = jax.device_put(params, NamedSharding(mesh, P(stages.STAGE_AXIS)))
microbatches = jax.device_put(jnp.ones((6, 8, DIM)), NamedSharding(mesh, P()))

run = jax.shard_map(
    functools.partial(stages.gpipe, static=static, num_stages=NUM_STAGES),
    mesh=mesh,
    in_specs=(P(stages.STAGE_AXIS), P()),
    out_specs=P(),
)

lowered = jax.jit(run).trace(params, microbatches).lower(lowering_platforms=("cuda",))
print("ok")
