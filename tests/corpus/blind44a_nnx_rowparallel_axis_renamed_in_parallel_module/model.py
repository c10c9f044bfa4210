import jax
from flax import nnx


class RowParallelLinear(nnx.Module):
  """Linear whose input features are sharded; partial sums are reduced."""

  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    y = self.linear(x)
    return jax.lax.psum(y, axis_name='model')


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.down = RowParallelLinear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.gelu(self.up(x)))
