import jax
from jax import lax
from flax import nnx

TP_AXIS = "model"

_init = nnx.initializers.lecun_normal()


class ParallelMLPBlock(nnx.Module):
  """Column-parallel up projection, row-parallel down projection, all-reduce over TP."""

  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(d_model, rngs=rngs)
    self.up = nnx.Linear(d_model, d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(_init, (None, TP_AXIS)), rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, use_bias=False,
                           kernel_init=nnx.with_partitioning(_init, (TP_AXIS, None)), rngs=rngs)

  def __call__(self, x):
    h = jax.nn.gelu(self.up(self.norm(x)))
    partial_out = self.down(h)
    return x + lax.psum(partial_out, TP_AXIS)
