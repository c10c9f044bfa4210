import flax.linen as nn


class Stage(nn.Module):
  width: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.width * 2)(nn.LayerNorm()(x))
    return x + nn.Dense(self.width)(nn.gelu(h))
