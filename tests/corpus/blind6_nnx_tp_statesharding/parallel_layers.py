import jax
from flax import nnx


class ColumnParallel(nnx.Linear):
  """Output features split over the model axis; no communication."""


class RowParallel(nnx.Module):
  """Input features split over the model axis; partial sums reduced over it."""

  def __init__(self, din, dout, *, axis_name, reduce_output=True, rngs):
    self.linear = nnx.Linear(din, dout, use_bias=False, rngs=rngs)
    self.axis_name = axis_name
    self.reduce_output = reduce_output

  def __call__(self, x):
    y = self.linear(x)
    if self.reduce_output:
      y = jax.lax.psum(y, self.axis_name)
    return y


class Block(nnx.Module):
  def __init__(self, d, hidden, *, axis_name, rngs, reduce_output=True):
    self.up = ColumnParallel(d, hidden, use_bias=False, rngs=rngs)
    self.down = RowParallel(hidden, d, axis_name=axis_name, reduce_output=reduce_output, rngs=rngs)
    self.norm = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + self.down(nnx.silu(self.up(self.norm(x))))
