from flax import linen as nn


class MLPStage(nn.Module):
  """The layers owned by one pipeline stage (one device)."""
  features: int
  depth: int = 2

  @nn.compact
  def __call__(self, x):
    for i in range(self.depth):
      h = nn.LayerNorm(name=f'ln_{i}')(x)
      h = nn.Dense(4 * self.features, name=f'up_{i}')(h)
      x = x + nn.Dense(self.features, name=f'down_{i}')(nn.gelu(h))
    return x
