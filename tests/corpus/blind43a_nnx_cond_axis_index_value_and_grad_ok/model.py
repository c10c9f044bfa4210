import jax.numpy as jnp
from flax import nnx


class Head(nnx.Module):
  def __init__(self, d, *, rngs):
    self.bos_proj = nnx.Linear(d, d, rngs=rngs)
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def first_chunk(self, x):
    return self.bos_proj(x[:, :1]).sum() + self.proj(x[:, 1:]).sum()

  def chunk(self, x):
    return self.proj(x).sum()
