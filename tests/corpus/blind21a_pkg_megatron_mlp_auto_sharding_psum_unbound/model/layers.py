import jax
from flax import nnx

TP_AXIS = 'tensor'
_init = nnx.initializers.lecun_normal()


class ColumnParallelLinear(nnx.Module):
  """W is split over its output features; the activation stays feature-sharded."""

  def __init__(self, din, dout, *, rngs):
    self.w = nnx.Param(nnx.with_partitioning(_init, (None, TP_AXIS))(rngs.params(), (din, dout)))

  def __call__(self, x):
    return x @ self.w[...]


class RowParallelLinear(nnx.Module):
  """W is split over its input features; partial sums are reduced over the TP axis."""

  def __init__(self, din, dout, *, axis_name=TP_AXIS, rngs):
    self.axis_name = axis_name
    self.w = nnx.Param(nnx.with_partitioning(_init, (TP_AXIS, None))(rngs.params(), (din, dout)))

  def __call__(self, x):
    return jax.lax.psum(x @ self.w[...], self.axis_name)


class ParallelMLP(nnx.Module):
  def __init__(self, d_model, d_ff, *, rngs):
    self.fc1 = ColumnParallelLinear(d_model, d_ff, rngs=rngs)
    self.fc2 = RowParallelLinear(d_ff, d_model, rngs=rngs)

  def __call__(self, x):
    return self.fc2(jax.nn.gelu(self.fc1(x)))
