import jax
from flax import nnx


class TPBlock(nnx.Module):
  """Column-parallel linear1, row-parallel linear2 (Megatron style)."""

  def __init__(self, din, dhidden, dout, *, axis='model', rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)
    self.axis = axis

  def __call__(self, x):
    h = jax.nn.relu(self.linear1(x))
    y = h @ self.linear2.kernel[...]
    y = jax.lax.psum(y, self.axis)
    return y + self.linear2.bias[...]
