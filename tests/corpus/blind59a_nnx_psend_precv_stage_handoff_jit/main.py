import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from pipeline import STAGE_AXIS, Handoff, create_stages

N_STAGES = 4


@nnx.jit
def stage_step(stages, h):
  """Every stage runs its block on its own activations and hands them to the next stage."""
  handoff = Handoff(N_STAGES)

  @nnx.vmap(in_axes=(0, 0), out_axes=0)
  def run(block, h):
    return block(h)

  out = run(stages, h)
  return handoff.forward(out)


def main():
  mesh = jax.make_mesh((N_STAGES,), (STAGE_AXIS,), axis_types=(jax.sharding.AxisType.Auto,))
  stages = create_stages(nnx.Rngs(0))
  state = nnx.state(stages)
  stage_sharding = NamedSharding(mesh, P(STAGE_AXIS))
  nnx.update(stages, jax.device_put(state, stage_sharding))
  h = jax.ShapeDtypeStruct((N_STAGES, 2, 16, 64), jnp.float32, sharding=stage_sharding)
  stage_step.trace(stages, h).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
