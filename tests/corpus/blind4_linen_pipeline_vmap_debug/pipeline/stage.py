import flax.linen as nn


class StageMLP(nn.Module):
  """The layers owned by one pipeline stage."""
  d_model: int
  layers_per_stage: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.layers_per_stage):
      h = nn.Dense(2 * self.d_model, name=f'up_{i}')(nn.LayerNorm(name=f'ln_{i}')(x))
      x = x + nn.Dense(self.d_model, name=f'down_{i}')(nn.relu(h))
    return x
