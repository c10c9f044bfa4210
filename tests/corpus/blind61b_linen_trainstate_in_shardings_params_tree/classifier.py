import flax.linen as nn

kinit = nn.initializers.lecun_normal()


class Classifier(nn.Module):
  hidden: int
  num_classes: int

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(self.hidden, kernel_init=nn.with_partitioning(kinit, (None, "model")))(x)
    x = nn.relu(x)
    x = nn.Dense(self.hidden, kernel_init=nn.with_partitioning(kinit, ("model", None)))(x)
    x = nn.relu(x)
    return nn.Dense(self.num_classes)(x)
