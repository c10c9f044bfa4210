import flax.linen as nn
import jax.numpy as jnp


class MLPBlock(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    d = x.shape[-1]
    w_in = self.param(
        "w_in",
        nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")),
        (d, self.hidden))
    w_out = self.param(
        "w_out",
        nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("mlp", "embed")),
        (self.hidden, d))
    h = nn.relu(x @ w_in)
    h = nn.with_logical_constraint(h, ("batch", "mlp"))
    y = h @ w_out
    return nn.with_logical_constraint(x + y, ("batch", "embed"))


class Classifier(nn.Module):
  hidden: int
  depth: int
  classes: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.depth):
      x = MLPBlock(self.hidden, name=f"block_{i}")(x)
    head = self.param(
        "head",
        nn.with_logical_partitioning(nn.initializers.zeros_init(), ("embed", "vocab")),
        (x.shape[-1], self.classes))
    return x @ head
