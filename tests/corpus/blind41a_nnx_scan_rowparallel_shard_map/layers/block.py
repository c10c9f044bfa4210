import jax
import jax.numpy as jnp
from flax import nnx

TP_AXIS = 'model'


class RowParallelBlock(nnx.Module):
  """A residual block whose input features are split across TP_AXIS."""

  def __init__(self, d_in, d_model, rngs: nnx.Rngs):
    self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d_in, d_model)))

  def __call__(self, x_local, x_full):
    partial = x_local @ self.w[...]
    return x_full + jax.nn.gelu(jax.lax.psum(partial, TP_AXIS))
