import flax.linen as fnn

kernel_init = fnn.initializers.xavier_uniform()


class ResidualMLP(fnn.Module):
  d_model: int
  hidden: int
  depth: int

  @fnn.compact
  def __call__(self, x):
    for i in range(self.depth):
      h = fnn.Dense(self.hidden, name=f"up_{i}",
                    kernel_init=fnn.with_logical_partitioning(kernel_init, ("embed", "hidden")))(x)
      x = x + fnn.Dense(self.d_model, name=f"down_{i}",
                        kernel_init=fnn.with_logical_partitioning(kernel_init, ("hidden", "embed")))(
                            fnn.silu(h))
    return fnn.Dense(1, name="head",
                     kernel_init=fnn.with_logical_partitioning(kernel_init, ("embed", None)))(x)
