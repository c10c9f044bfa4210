import flax.linen as nn


class StageBlock(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.hidden)(nn.LayerNorm()(x))
    return x + nn.Dense(x.shape[-1])(nn.gelu(y))
