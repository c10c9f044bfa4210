import jax
import jax.numpy as jnp
from flax import nnx

init = nnx.initializers.lecun_normal()


class TokenMLP(nnx.Module):
  def __init__(self, dim: int, hidden: int, rngs: nnx.Rngs):
    self.fc = nnx.Linear(dim, hidden,
                         kernel_init=nnx.with_partitioning(init, (None, 'model')),
                         use_bias=False, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.fc(x))


class Classifier(nnx.Module):
  def __init__(self, seq: int, dim: int, hidden: int, ncls: int, rngs: nnx.Rngs):
    self.tokens = TokenMLP(dim, hidden, rngs)
    self.head = nnx.Linear(seq * hidden, ncls, use_bias=False, rngs=rngs)

  def flatten(self, h):
    return h.reshape(h.shape[0], -1)

  def __call__(self, x):
    h = self.tokens(x)              # (B, S, H) with H on 'model'
    return self.head(self.flatten(h))
