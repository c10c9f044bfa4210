import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

TP_AXIS = 'model'


class ColumnParallelLinear(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    init = nnx.with_partitioning(nnx.initializers.lecun_normal(), (None, TP_AXIS))
    self.kernel = nnx.Param(init(rngs.params(), (din, dout)))

  def __call__(self, x):
    return x @ self.kernel[...]


class RowParallelLinear(nnx.Module):
  def __init__(self, din, dout, *, rngs):
    init = nnx.with_partitioning(nnx.initializers.lecun_normal(), (TP_AXIS, None))
    self.kernel = nnx.Param(init(rngs.params(), (din, dout)))

  def __call__(self, x):
    partial = x @ self.kernel[...]
    return lax.psum(partial, TP_AXIS)


class ParallelMLP(nnx.Module):
  def __init__(self, d, hidden, *, rngs):
    self.up = ColumnParallelLinear(d, hidden, rngs=rngs)
    self.down = RowParallelLinear(hidden, d, rngs=rngs)

  def __call__(self, x):
    return x + self.down(jax.nn.gelu(self.up(x)))
