import jax
import jax.numpy as jnp
from flax import nnx

from losses import info_nce


class DualEncoder(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):
    self.img = nnx.Linear(32, 16, rngs=rngs)
    self.txt = nnx.Linear(24, 16, rngs=rngs)

  def __call__(self, images, texts):
    return self.img(images), self.txt(texts)


@nnx.jit
def eval_step(model, images, texts):
  za, zb = model(images, texts)
  return info_nce(za, zb)


def main():
  model = DualEncoder(nnx.Rngs(0))
  images = jnp.ones((8, 32))
  texts = jnp.ones((8, 24))
  eval_step.trace(model, images, texts).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
