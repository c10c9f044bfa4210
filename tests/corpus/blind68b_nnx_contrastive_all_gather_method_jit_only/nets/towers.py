import jax.numpy as jnp
from flax import nnx


class Tower(nnx.Module):

  def __init__(self, d_in: int, d_hidden: int, d_embed: int, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(d_in, d_hidden, rngs=rngs)
    self.norm = nnx.LayerNorm(d_hidden, rngs=rngs)
    self.fc2 = nnx.Linear(d_hidden, d_embed, rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.norm(self.fc1(x)))
    z = self.fc2(h)
    return z / jnp.linalg.norm(z, axis=-1, keepdims=True)
