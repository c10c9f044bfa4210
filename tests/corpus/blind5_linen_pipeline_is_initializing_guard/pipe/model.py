import flax.linen as nn

from .comm import shift_right


class Block(nn.Module):
  dim: int

  @nn.compact
  def __call__(self, x, _):
    return x + nn.Dense(self.dim)(nn.relu(nn.Dense(self.dim)(x))), None


class Stage(nn.Module):
  dim: int
  layers_per_stage: int
  axis: str = 'pp'
  num_stages: int = 4

  @nn.compact
  def __call__(self, x):
    x, _ = nn.scan(Block, variable_axes={'params': 0}, split_rngs={'params': True},
                   length=self.layers_per_stage)(self.dim)(x, None)
    if self.is_initializing():
      # shapes only: no peers to talk to while the variables are created
      return x
    return shift_right(x, self.axis, self.num_stages)
