import flax.linen as nn


class TransformerMLP(nn.Module):
  hidden: int = 256
  dropout_rate: float = 0.1

  @nn.compact
  def __call__(self, x, *, deterministic):
    h = nn.Dense(self.hidden)(nn.LayerNorm()(x))
    h = nn.Dropout(self.dropout_rate)(nn.gelu(h), deterministic=deterministic)
    return x + nn.Dense(x.shape[-1])(h)
