import jax
from flax import nnx

from .layers import ColumnParallelLinear, RowParallelLinear


class ParallelMLP(nnx.Module):
  def __init__(self, dim: int, hidden: int, *, tp_axis: str = 'model', rngs: nnx.Rngs):
    self.up = ColumnParallelLinear(dim, hidden, rngs=rngs)
    self.down = RowParallelLinear(hidden, dim, axis_name=tp_axis, rngs=rngs)

  def __call__(self, x):
    return self.down(jax.nn.gelu(self.up(x)))
