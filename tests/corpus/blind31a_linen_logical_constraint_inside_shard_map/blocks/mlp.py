import flax.linen as nn


class MlpBlock(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden, name="wi")(x)
    h = nn.with_logical_constraint(nn.relu(h), ("activation_batch", "activation_mlp"))
    return nn.Dense(x.shape[-1], name="wo")(h)
