import flax.linen as nn
import jax.numpy as jnp


class Encoder1DBlock(nn.Module):
  mlp_dim: int
  num_heads: int

  @nn.compact
  def __call__(self, x):
    y = nn.LayerNorm()(x)
    y = nn.MultiHeadDotProductAttention(num_heads=self.num_heads)(y, y)
    x = x + y
    y = nn.LayerNorm()(x)
    y = nn.Dense(self.mlp_dim)(y)
    y = nn.gelu(y)
    y = nn.Dense(x.shape[-1])(y)
    return x + y


class ViT(nn.Module):
  num_classes: int = 10
  patch: int = 4
  width: int = 64
  depth: int = 2
  mlp_dim: int = 128
  num_heads: int = 4

  @nn.compact
  def __call__(self, image):
    x = nn.Conv(self.width, (self.patch, self.patch), strides=(self.patch, self.patch))(image)
    n, h, w, c = x.shape
    x = x.reshape(n, h * w, c)
    x = x + self.param("pos_embedding", nn.initializers.normal(0.02), (1, h * w, c))
    for _ in range(self.depth):
      x = Encoder1DBlock(self.mlp_dim, self.num_heads)(x)
    x = nn.LayerNorm()(x).mean(axis=1)
    return nn.Dense(self.num_classes)(x)
