import jax
from flax import nnx


class Classifier(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs):
    self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))
