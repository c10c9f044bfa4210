import flax.linen as nn

from .config import ModelConfig
from .layers import ColumnParallelDense, RowParallelDense


class TransformerMLPBlock(nn.Module):
  config: ModelConfig

  def setup(self):
    cfg = self.config
    self.norm = nn.LayerNorm()
    self.wi = ColumnParallelDense(cfg.d_ff, cfg.tp_size)
    self.wo = RowParallelDense(cfg.d_model, axis_name='tensor')

  def __call__(self, x):
    h = self.wi(self.norm(x))
    return x + self.wo(nn.gelu(h))
