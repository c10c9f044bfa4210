from flax import nnx
import jax


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.fc2(jax.nn.gelu(self.fc1(x)))
