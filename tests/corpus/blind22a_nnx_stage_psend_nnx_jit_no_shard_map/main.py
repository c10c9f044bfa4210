import jax
import jax.numpy as jnp
from flax import nnx

from pipeline import Stage

NUM_STAGES = 4


@nnx.jit
def forward(model, x):
  return model(x)


def main():
  model = Stage(64, NUM_STAGES, rngs=nnx.Rngs(0))
  x = jnp.ones((16, 64), jnp.float32)
  lowered = forward.trace(model, x).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:100])


if __name__ == '__main__':
  main()
