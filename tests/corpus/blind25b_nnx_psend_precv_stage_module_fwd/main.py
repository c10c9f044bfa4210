import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

from pipe.stage import PipelineStage, STAGE_AXIS

mesh = jax.make_mesh((4,), (STAGE_AXIS,), axis_types=(AxisType.Explicit,))
stage = PipelineStage(32, 4, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(stage)


def run(params, x):
    return nnx.merge(graphdef, params)(x)


run = jax.shard_map(run, mesh=mesh, in_specs=(P(), P(STAGE_AXIS)), out_specs=P(STAGE_AXIS))

x = jax.ShapeDtypeStruct((16, 32), jnp.float32,
                         sharding=jax.sharding.NamedSharding(mesh, P(STAGE_AXIS)))
p_abs = jax.tree.map(lambda a: jax.ShapeDtypeStruct(a.shape, a.dtype,
                                                    sharding=jax.sharding.NamedSharding(mesh, P())),
                     params)
print(jax.jit(run).trace(p_abs, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
