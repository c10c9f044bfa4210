import flax.linen as nn


class Classifier(nn.Module):
  num_classes: int = 10
  dropout_rate: float = 0.1

  @nn.compact
  def __call__(self, x, train: bool):
    x = nn.Dense(64)(x)
    x = nn.relu(x)
    x = nn.Dropout(rate=self.dropout_rate, deterministic=not train)(x)
    return nn.Dense(self.num_classes)(x)
