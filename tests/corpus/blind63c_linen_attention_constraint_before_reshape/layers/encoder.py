import flax.linen as nn
from flax.linen import with_logical_partitioning as wlp

from .attention import SelfAttention


class EncoderLayer(nn.Module):
  num_heads: int = 8
  head_dim: int = 32
  mlp_dim: int = 1024

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    h = nn.LayerNorm()(x)
    h = SelfAttention(self.num_heads, self.head_dim)(h)
    x = x + nn.Dense(d, kernel_init=wlp(nn.initializers.lecun_normal(), ('heads', 'embed')))(h)
    h = nn.LayerNorm()(x)
    h = nn.Dense(self.mlp_dim, kernel_init=wlp(nn.initializers.lecun_normal(), ('embed', 'mlp')))(h)
    h = nn.Dense(d, kernel_init=wlp(nn.initializers.lecun_normal(), ('mlp', 'embed')))(nn.relu(h))
    return x + h
