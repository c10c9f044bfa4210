import jax
from flax import nnx


class MLP(nnx.Module):
  """Megatron-style MLP: linear1 is column-parallel, linear2 row-parallel."""

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = jax.nn.relu(self.linear1(x))
    y = self.linear2(h)
    # partial sums from each 'model' shard of linear2
    return jax.lax.psum(y, 'model')
