import jax
from flax import nnx

TP_AXIS = 'model'


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = jax.nn.relu(self.linear1(x))      # column-parallel
    y = self.linear2(h)                   # row-parallel: partial sums
    return jax.lax.psum(y, TP_AXIS)
