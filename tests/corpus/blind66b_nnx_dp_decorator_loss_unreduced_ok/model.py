import jax.numpy as jnp
from flax import nnx

from layers import MLPBase


class Classifier(MLPBase):

  def __init__(self, din: int, num_classes: int, *, rngs: nnx.Rngs):
    super().__init__(din, 4 * din, num_classes, rngs=rngs)
    self.norm = nnx.LayerNorm(din, rngs=rngs)

  def __call__(self, x):
    x = x.reshape(x.shape[0], -1)
    return super().__call__(self.norm(x))
