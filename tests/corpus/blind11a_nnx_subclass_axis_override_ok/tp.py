import jax
from flax import nnx


class TPLinearBase(nnx.Module):
  axis_name = 'tensor'

  def __init__(self, din, dout, *, rngs):
    self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))

  def reduce(self, y):
    return jax.lax.psum(y, self.axis_name)

  def __call__(self, x):
    return self.reduce(x @ self.w[...])


class RowParallelLinear(TPLinearBase):
  axis_name = 'model'
