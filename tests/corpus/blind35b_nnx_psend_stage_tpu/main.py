import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from stages import PipelineBlock
from stages.block import PP

mesh = jax.make_mesh((4,), (PP,))
block = PipelineBlock(16, 4, nnx.Rngs(0))
graphdef, params = nnx.split(block)


def stage_step(params, x):
    model = nnx.merge(graphdef, params)
    return model(x)


stage_step = jax.shard_map(stage_step, mesh=mesh, in_specs=(P(), P(PP)), out_specs=P(PP))

with jax.set_mesh(mesh):
    params = jax.device_put(params, P())
    x = jax.device_put(jnp.ones((8, 16)), P(PP))
    lowered = jax.jit(stage_step).trace(params, x).lower(lowering_platforms=("tpu",))
    print("ok")
