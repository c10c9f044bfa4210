import jax.lax as L
from flax import nnx


class MLPBlock(nnx.Module):
  def __init__(self, d, dff, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(d, dff, use_bias=False, rngs=rngs)      # column-parallel
    self.down = nnx.Linear(dff, d, use_bias=False, rngs=rngs)    # row-parallel

  def __call__(self, x):
    h = nnx.relu(self.up(x))
    return x + L.psum(self.down(h), axis_name='model')
