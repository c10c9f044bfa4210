import flax.linen as nn


class Net(nn.Module):

  def setup(self):
    self.embed = nn.Dense(64)
    self.out = nn.Dense(3)

  def __call__(self, x):
    return self.out(nn.swish(self.embed(x)))
