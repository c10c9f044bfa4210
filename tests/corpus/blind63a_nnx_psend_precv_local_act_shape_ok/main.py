import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

import model
from pipeline import STAGE, build_forward

mesh = jax.make_mesh((model.N_STAGES, 2), (STAGE, "data"), axis_types=(AxisType.Auto,) * 2)

stages = model.make_stages(nnx.Rngs(0))
graphdef, state = nnx.split(stages)

pipelined = jax.jit(
    jax.shard_map(
        build_forward(graphdef),
        mesh=mesh,
        in_specs=(P(STAGE), P("data")),
        out_specs=P(STAGE, "data"),
    )
)

x = jax.ShapeDtypeStruct((model.GLOBAL_BATCH, model.D_MODEL), jnp.float32)
pipelined.trace(state, x).lower(lowering_platforms=("cuda",))
