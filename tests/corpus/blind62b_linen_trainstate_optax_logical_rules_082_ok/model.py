import flax.linen as nn


class MLP(nn.Module):
  hidden: int
  out: int

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(self.hidden,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.xavier_uniform(), ("embed", "hidden")),
                 bias_init=nn.with_logical_partitioning(
                     nn.initializers.zeros_init(), ("hidden",)))(x)
    x = nn.relu(x)
    x = nn.Dense(self.out,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.xavier_uniform(), ("hidden", "embed")),
                 bias_init=nn.with_logical_partitioning(
                     nn.initializers.zeros_init(), ("embed",)))(x)
    return x
