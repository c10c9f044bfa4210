import flax.linen as nn

from .attention import FusedSelfAttention
from .init import logically


class Block(nn.Module):
  heads: int
  mlp_dim: int

  @nn.compact
  def __call__(self, x):
    x = x + FusedSelfAttention(self.heads)(nn.LayerNorm()(x))
    y = nn.Dense(self.mlp_dim, kernel_init=logically(('embed', 'mlp')))(nn.LayerNorm()(x))
    y = nn.Dense(x.shape[-1], kernel_init=logically(('mlp', 'embed')))(nn.gelu(y))
    return x + y


class ViT(nn.Module):
  width: int = 64
  depth: int = 2
  heads: int = 4
  num_classes: int = 10

  @nn.compact
  def __call__(self, x):
    x = nn.Conv(self.width, (4, 4), strides=(4, 4), padding='VALID')(x)
    x = x.reshape(x.shape[0], -1, self.width)
    for _ in range(self.depth):
      x = Block(self.heads, 4 * self.width)(x)
    return nn.Dense(self.num_classes)(x.mean(axis=1))
