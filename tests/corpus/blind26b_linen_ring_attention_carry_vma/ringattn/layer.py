import flax.linen as nn

from .ops import ring_attention


class RingSelfAttention(nn.Module):
  num_heads: int
  head_dim: int
  axis_name: str = 'sp'

  @nn.compact
  def __call__(self, x):
    dense = lambda name: nn.DenseGeneral((self.num_heads, self.head_dim), name=name)
    q, k, v = dense('query')(x), dense('key')(x), dense('value')(x)
    o = ring_attention(q, k, v, self.axis_name)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name='out')(o)
