import flax.linen as nn


class Classifier(nn.Module):
  hidden: int = 1024
  classes: int = 100
  dropout: float = 0.1

  @nn.compact
  def __call__(self, x, *, train: bool):
    x = nn.Dense(self.hidden)(x)
    x = nn.relu(x)
    x = nn.Dropout(self.dropout, deterministic=not train)(x)
    return nn.Dense(self.classes)(x)
