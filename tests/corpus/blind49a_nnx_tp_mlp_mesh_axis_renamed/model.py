"""Row/column parallel MLP: the reduction lives in the module so callers don't forget it."""
import jax
from flax import nnx

TP_AXIS = 'model'


class ParallelMLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = jax.nn.relu(self.linear1(x))
    # linear2 is row-parallel: each shard holds a slice of the hidden dim.
    return jax.lax.psum(self.linear2(h), TP_AXIS)
