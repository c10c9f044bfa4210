import jax
import jax.numpy as jnp
from flax import nnx

from pipeline import PipelinedMLP


@nnx.jit
def predict(model, x):
  return model(x)


def main():
  model = PipelinedMLP(32, n_stages=4, rngs=nnx.Rngs(0))
  x = jnp.ones((16, 32))
  predict.trace(model, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
