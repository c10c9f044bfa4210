import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from pipeline import STAGE_AXIS, forward_pipeline

NUM_STAGES = 4
mesh = jax.make_mesh((NUM_STAGES,), (STAGE_AXIS,), axis_types=(AxisType.Auto,))


class Stage(nnx.Module):
  def __init__(self, d, *, rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.gelu(self.linear(self.norm(x)))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=0, out_axes=0)
def create_stages(rngs):
  return Stage(32, rngs=rngs)


@nnx.vmap(in_axes=(0, 0), out_axes=0)
def apply_stages(stages, x):
  return stages(x)


@nnx.jit
def pipelined_forward(stages, stage_ids, microbatches):
  return forward_pipeline(apply_stages, stages, stage_ids, microbatches, NUM_STAGES)


if __name__ == '__main__':
  stages = create_stages(nnx.Rngs(0))
  stage_sharding = NamedSharding(mesh, P(STAGE_AXIS))
  nnx.update(stages, jax.device_put(nnx.state(stages), stage_sharding))
  stage_ids = jax.device_put(jnp.arange(NUM_STAGES), stage_sharding)
  mbs = jnp.ones((4, 8, 32))
  pipelined_forward.trace(stages, stage_ids, mbs).lower(lowering_platforms=('cuda',))
