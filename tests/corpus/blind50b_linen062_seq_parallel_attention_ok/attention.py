import flax.linen as nn
from jax import lax

SEQ_AXIS = 'seq'


class SeqParallelSelfAttention(nn.Module):
  """Each device holds a slice of the sequence; keys/values are gathered."""
  num_heads: int
  head_dim: int
  axis_name: str = SEQ_AXIS

  @nn.compact
  def __call__(self, x):
    features = x.shape[-1]
    dense = lambda name: nn.DenseGeneral((self.num_heads, self.head_dim), name=name)
    q = dense('query')(x)
    k = dense('key')(x)
    v = dense('value')(x)
    k = lax.all_gather(k, self.axis_name, axis=1, tiled=True)
    v = lax.all_gather(v, self.axis_name, axis=1, tiled=True)
    out = nn.dot_product_attention(q, k, v)
    return nn.DenseGeneral(features, axis=(-2, -1), name='out')(out)


class Block(nn.Module):
  num_heads: int = 4
  head_dim: int = 16

  @nn.compact
  def __call__(self, x):
    x = x + SeqParallelSelfAttention(self.num_heads, self.head_dim)(nn.LayerNorm()(x))
    h = nn.Dense(4 * x.shape[-1])(nn.LayerNorm()(x))
    return x + nn.Dense(x.shape[-1])(nn.gelu(h))
