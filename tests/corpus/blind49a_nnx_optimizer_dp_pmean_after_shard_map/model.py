from flax import nnx
import jax


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.dense1 = nnx.Linear(din, dmid, rngs=rngs)
    self.dense2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.dense2(jax.nn.relu(self.dense1(x)))
