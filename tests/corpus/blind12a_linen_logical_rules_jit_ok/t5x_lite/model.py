import flax.linen as nn
import jax.numpy as jnp


class FeedForward(nn.Module):
  dim: int
  hidden: int

  @nn.compact
  def __call__(self, x):
    w1 = self.param("wi", nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                       ("embed", "mlp")),
                    (self.dim, self.hidden))
    w2 = self.param("wo", nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                       ("mlp", "embed")),
                    (self.hidden, self.dim))
    h = nn.relu(jnp.dot(x, w1))
    h = nn.with_logical_constraint(h, ("batch", "mlp"))
    return jnp.dot(h, w2)


class Classifier(nn.Module):
  dim: int = 64
  hidden: int = 256
  vocab: int = 512

  @nn.compact
  def __call__(self, x):
    x = x + FeedForward(self.dim, self.hidden)(x)
    x = nn.LayerNorm()(x)
    return nn.Dense(self.vocab, kernel_init=nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ("embed", "vocab")))(x)
