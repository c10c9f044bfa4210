import jax
from flax import nnx

TP_AXIS = 'model'


class ColumnParallelLinear(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.linear(x)


class RowParallelLinear(nnx.Module):
  """Each shard holds a slice of the input features; partial sums are reduced."""

  def __init__(self, din, dout, *, rngs: nnx.Rngs, axis_name: str = TP_AXIS):
    self.linear = nnx.Linear(din, dout, use_bias=False, rngs=rngs)
    self.axis_name = axis_name

  def __call__(self, x):
    partial = self.linear(x)
    return jax.lax.psum(partial, self.axis_name)


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.up = ColumnParallelLinear(din, dhidden, rngs=rngs)
    self.down = RowParallelLinear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.down(jax.nn.relu(self.up(x)))
