import flax.linen as nn
import jax
from jax import lax


class RowParallelMLP(nn.Module):
  """W_in is column-sharded, W_out row-sharded; the partial sums are reduced across the tensor axis."""
  hidden: int
  out: int
  axis_name: str = "model"

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(nn.Dense(self.hidden, name="w_in")(x))
    partial_out = nn.Dense(self.out, use_bias=False, name="w_out")(h)
    return lax.psum(partial_out, self.axis_name)
