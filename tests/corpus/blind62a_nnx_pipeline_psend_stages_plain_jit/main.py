import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import NUM_STAGES, create_stages
from pipeline import STAGE_AXIS, make_pipeline_step


def main():
  mesh = jax.make_mesh((NUM_STAGES,), (STAGE_AXIS,), axis_types=(AxisType.Auto,))
  stages = create_stages(256)
  graphdef, state = nnx.split(stages)

  stage_sharding = NamedSharding(mesh, P(STAGE_AXIS))
  state_sharding = jax.tree.map(lambda _: stage_sharding, state)

  step = jax.jit(
      make_pipeline_step(graphdef, NUM_STAGES),
      in_shardings=(state_sharding, stage_sharding),
      out_shardings=stage_sharding,
  )
  h = jnp.zeros((NUM_STAGES, 8, 256), jnp.float32)
  step.trace(state, h).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
