import flax.linen as nn

init = nn.initializers.lecun_normal()


class Classifier(nn.Module):
  d_ff: int
  num_classes: int

  @nn.compact
  def __call__(self, x):
    x = nn.with_logical_constraint(x, ("batch", "embed"))
    h = nn.Dense(self.d_ff, kernel_init=nn.with_logical_partitioning(init, ("embed", "mlp")),
                 bias_init=nn.with_logical_partitioning(nn.initializers.zeros_init(), ("mlp",)))(x)
    h = nn.relu(h)
    return nn.Dense(self.num_classes,
                    kernel_init=nn.with_logical_partitioning(init, ("mlp", "classes")),
                    bias_init=nn.with_logical_partitioning(nn.initializers.zeros_init(),
                                                           ("classes",)))(h)
