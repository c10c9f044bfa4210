import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.body = nnx.Sequential(
        nnx.Linear(din, 64, rngs=rngs), nnx.relu,
        nnx.Linear(64, 64, rngs=rngs), nnx.relu,
    )
    self.head = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    return self.head(self.body(x))
