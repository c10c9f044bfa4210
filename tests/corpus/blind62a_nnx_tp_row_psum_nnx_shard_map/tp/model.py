import jax
from flax import nnx

from .layers import ColumnParallelLinear, RowParallelLinear


class TPMLP(nnx.Module):

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    self.norm = nnx.LayerNorm(d_model, rngs=rngs)
    self.up = ColumnParallelLinear(d_model, d_ff, rngs=rngs)
    self.down = RowParallelLinear(d_ff, d_model, rngs=rngs)

  def __call__(self, x):
    h = jax.nn.gelu(self.up(self.norm(x)))
    return x + self.down(h)
