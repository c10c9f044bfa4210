import jax.numpy as jnp
from flax import nnx

from pp import PipelineStage


def debug_forward(stage, x):
  return stage(x)


debug_forward = nnx.jit(debug_forward)

if __name__ == "__main__":
  stage = PipelineStage(32, 4, rngs=nnx.Rngs(0))
  x = jnp.ones((4, 32))
  debug_forward.trace(stage, x).lower(lowering_platforms=("cuda",))
