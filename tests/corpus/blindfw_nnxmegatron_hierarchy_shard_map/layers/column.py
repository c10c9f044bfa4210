import jax

from .base import ParallelLinear


class ColumnParallelLinear(ParallelLinear):
  """Output features split over the axis; optionally gathered back."""

  def __init__(self, din, dout, *, gather_output=False, rngs):
    super().__init__(din, dout, rngs=rngs)
    self.gather_output = gather_output

  def communicate(self, y):
    if self.gather_output:
      return jax.lax.all_gather(y, self.axis_name, axis=-1, tiled=True)
    return y
