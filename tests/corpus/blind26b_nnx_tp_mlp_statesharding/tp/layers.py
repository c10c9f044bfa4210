import jax
import jax.numpy as jnp
from flax import nnx


def path_ends_with(*suffix):
  return lambda path, value: tuple(path[-len(suffix):]) == suffix


class MLPBlock(nnx.Module):
  """Megatron-style MLP: column-parallel up, row-parallel down, one psum."""

  def __init__(self, d_model, d_ff, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(d_model, d_ff, use_bias=False, rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = jax.nn.gelu(self.up(x))
    y = self.down(h)
    return jax.lax.psum(y, 'model')
