import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from comm import PIPE, shift_to_next_stage

NUM_STAGES = 4


class MLPStage(nnx.Module):
  def __init__(self, dim, rngs: nnx.Rngs):
    self.up = nnx.Linear(dim, 4 * dim, rngs=rngs)
    self.down = nnx.Linear(4 * dim, dim, rngs=rngs)

  def __call__(self, x):
    return x + self.down(nnx.gelu(self.up(x)))


mesh = jax.make_mesh((NUM_STAGES,), (PIPE,))


@nnx.jit
def pipelined_forward(stage: MLPStage, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P()), out_specs=P(PIPE))
  def run(stage, x):
    # every stage runs the same block; activations hop forward one stage per tick
    for _ in range(NUM_STAGES - 1):
      x = shift_to_next_stage(stage(x), NUM_STAGES)
    return stage(x)

  return run(stage, x)


def main():
  stage = MLPStage(64, rngs=nnx.Rngs(0))
  x = jnp.ones((8, 64), jnp.float32)
  pipelined_forward.trace(stage, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
