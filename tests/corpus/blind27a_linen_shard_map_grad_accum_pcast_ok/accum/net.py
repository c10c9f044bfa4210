import flax.linen as nn


class Regressor(nn.Module):
  hidden: int = 96

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(self.hidden)(x)
    x = nn.LayerNorm()(nn.swish(x))
    return nn.Dense(1)(x)[..., 0]
