import flax.linen as nn


class Classifier(nn.Module):
  hidden: int = 256
  num_classes: int = 10
  dropout_rate: float = 0.1

  @nn.compact
  def __call__(self, x, *, deterministic):
    for _ in range(3):
      x = nn.Dense(self.hidden)(x)
      x = nn.relu(x)
      x = nn.Dropout(self.dropout_rate, deterministic=deterministic)(x)
    return nn.Dense(self.num_classes)(x)
