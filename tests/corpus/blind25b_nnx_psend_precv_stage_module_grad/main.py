import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

from pipe.stage import PipelineStage, STAGE_AXIS

mesh = jax.make_mesh((4,), (STAGE_AXIS,), axis_types=(AxisType.Auto,))
stage = PipelineStage(32, 4, rngs=nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(), P(STAGE_AXIS)), out_specs=P())
def train_grads(stage, x):
    def loss_fn(stage):
        return jnp.mean(stage(x) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(stage)
    return jax.lax.pmean(loss, STAGE_AXIS)


x = jnp.ones((16, 32))
print(jax.jit(train_grads).trace(stage, x).lower(lowering_platforms=("cuda",)).as_text()[:10])
