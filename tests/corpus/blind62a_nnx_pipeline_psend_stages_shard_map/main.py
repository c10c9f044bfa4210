import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import NUM_STAGES, create_stages
from pipeline import STAGE_AXIS, make_pipeline_step


def main():
  mesh = jax.make_mesh((NUM_STAGES,), (STAGE_AXIS,), axis_types=(AxisType.Auto,))
  stages = create_stages(256)
  graphdef, state = nnx.split(stages)

  step = jax.jit(jax.shard_map(
      make_pipeline_step(graphdef, NUM_STAGES),
      mesh=mesh,
      in_specs=(P(STAGE_AXIS), P(STAGE_AXIS)),
      out_specs=P(STAGE_AXIS),
  ))
  h = jnp.zeros((NUM_STAGES, 8, 256), jnp.float32)
  step.trace(state, h).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
