import jax
from flax import nnx


class ParallelMLP(nnx.Module):
  """Column-parallel up projection followed by a row-parallel down projection."""

  def __init__(self, d_model: int, d_ff: int, *, tp_axis: str = 'model', rngs: nnx.Rngs):
    self.tp_axis = tp_axis
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(
        d_model, d_ff, use_bias=False,
        kernel_init=nnx.with_partitioning(init, (None, tp_axis)), rngs=rngs)
    self.down = nnx.Linear(
        d_ff, d_model, use_bias=False,
        kernel_init=nnx.with_partitioning(init, (tp_axis, None)), rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(x))
    y = self.down(h)
    return jax.lax.psum(y, self.tp_axis)
