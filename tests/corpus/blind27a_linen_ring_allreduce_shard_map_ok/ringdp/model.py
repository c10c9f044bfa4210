import flax.linen as nn


class MLP(nn.Module):
  hidden: int = 64
  out: int = 8

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(self.hidden)(x)
    x = nn.relu(x)
    return nn.Dense(self.out)(x)
