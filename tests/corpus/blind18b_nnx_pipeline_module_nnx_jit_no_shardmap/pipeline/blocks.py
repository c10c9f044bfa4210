from flax import nnx
import jax.numpy as jnp

from . import comm


class Block(nnx.Module):
  def __init__(self, d, rngs):
    self.up = nnx.Linear(d, 2 * d, rngs=rngs)
    self.down = nnx.Linear(2 * d, d, rngs=rngs)

  def __call__(self, x):
    return x + self.down(nnx.relu(self.up(x)))


class PipelinedMLP(nnx.Module):
  def __init__(self, d, n_stages, rngs):
    self.block = Block(d, rngs)
    self.n_stages = n_stages

  def __call__(self, x):
    h = x
    for _ in range(self.n_stages - 1):
      h = comm.forward_to_next(self.block(h), self.n_stages)
    return self.block(h)
