import jax
from flax import nnx

MODEL_AXIS = "model"


class RowParallelMLP(nnx.Module):
  """linear1 is column-sharded and linear2 row-sharded over MODEL_AXIS."""

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    y = self.linear2(jax.nn.relu(self.linear1(x)))
    return jax.lax.psum(y, MODEL_AXIS)
