import jax
from flax import nnx

from . import collectives as C

_init = nnx.initializers.lecun_normal()


class SequenceParallelMLP(nnx.Module):
  def __init__(self, d_model, d_ff, *, axis: str, rngs: nnx.Rngs):
    self.axis = axis
    self.up = nnx.Linear(d_model, d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(_init, (None, axis)), rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, use_bias=False,
                           kernel_init=nnx.with_partitioning(_init, (axis, None)), rngs=rngs)

  def __call__(self, x):  # x: [batch, seq / n, d_model]
    x = C.gather_seq(x, self.axis)
    h = jax.nn.silu(self.up(x))
    return C.reduce_scatter_seq(self.down(h), self.axis)
