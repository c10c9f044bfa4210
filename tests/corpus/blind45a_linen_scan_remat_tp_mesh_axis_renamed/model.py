import flax.linen as nn
from jax import lax


class TPBlock(nn.Module):
  hidden: int
  axis_name: str = 'tp'

  @nn.compact
  def __call__(self, x, _):
    h = nn.Dense(self.hidden, use_bias=False, name='up')(x)
    h = nn.gelu(h)
    out = nn.Dense(x.shape[-1], use_bias=False, name='down')(h)
    return x + lax.psum(out, self.axis_name), None


class TPStack(nn.Module):
  hidden: int
  num_layers: int

  def setup(self):
    block = nn.remat(TPBlock, prevent_cse=False)
    self.layers = nn.scan(block, variable_axes={'params': 0}, split_rngs={'params': True},
                          length=self.num_layers)(self.hidden)

  def __call__(self, x):
    x, _ = self.layers(x, None)
    return x
