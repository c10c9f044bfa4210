import flax.linen as nn


class TransformerStage(nn.Module):
  d_model: int = 512
  num_heads: int = 8

  @nn.compact
  def __call__(self, x):
    h = nn.LayerNorm()(x)
    h = nn.MultiHeadDotProductAttention(num_heads=self.num_heads, deterministic=True)(h, h)
    x = x + h
    h = nn.LayerNorm()(x)
    h = nn.Dense(4 * self.d_model)(h)
    return x + nn.Dense(self.d_model)(nn.gelu(h))
