import flax.linen as nn

from layers import ColumnParallelDense, RowParallelDense


class MLPBlock(nn.Module):
  hidden: int
  out: int

  @nn.compact
  def __call__(self, x):
    h = ColumnParallelDense(self.hidden, name='wi')(x)
    h = nn.gelu(h)
    y = RowParallelDense(self.out, name='wo')(h)
    return nn.LayerNorm(name='ln')(x + y)
