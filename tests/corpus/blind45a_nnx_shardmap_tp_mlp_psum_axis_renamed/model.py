import jax
from flax import nnx

TP_AXIS = 'tp'  # renamed to match the launcher's --mesh flag


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = jax.nn.relu(self.linear1(x))
    # row-parallel second matmul: partial sums live on every shard
    return jax.lax.psum(self.linear2(h), TP_AXIS)


def path_ends_with(*path_suffix):
  return lambda path, value: path[-len(path_suffix):] == path_suffix
