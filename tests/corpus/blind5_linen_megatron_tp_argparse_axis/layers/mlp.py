import flax.linen as nn

from .config import ParallelConfig
from .parallel import ColumnParallelDense, RowParallelDense


class ParallelMLP(nn.Module):
  cfg: ParallelConfig

  @nn.compact
  def __call__(self, x):
    h = ColumnParallelDense(self.cfg.intermediate, self.cfg, name='wi')(x)
    h = nn.gelu(h)
    return RowParallelDense(self.cfg.hidden, self.cfg, name='wo')(h)
