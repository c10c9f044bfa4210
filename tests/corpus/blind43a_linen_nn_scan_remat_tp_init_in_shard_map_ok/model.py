import flax.linen as nn
from jax import lax

TP_AXIS = 'model'


class Block(nn.Module):
  d: int
  dff_local: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.relu(nn.Dense(self.dff_local, use_bias=False, name='up')(x))
    y = nn.Dense(self.d, use_bias=False, name='down')(h)
    return x + lax.psum(y, TP_AXIS), None


class Stack(nn.Module):
  d: int
  dff_local: int
  num_layers: int

  def setup(self):
    ScanBlock = nn.scan(nn.remat(Block), variable_axes={'params': 0},
                        split_rngs={'params': True}, length=self.num_layers)
    self.layers = ScanBlock(self.d, self.dff_local)

  def __call__(self, x):
    x, _ = self.layers(x, None)
    return x
