import jax
from flax import nnx

MODEL_AXIS = 'model'


class TPMLP(nnx.Module):
  """Column-parallel then row-parallel projection (Megatron style)."""

  def __init__(self, din, dhidden, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(din, dhidden, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, (None, MODEL_AXIS)),
                         rngs=rngs)
    self.down = nnx.Linear(dhidden, din, use_bias=False,
                           kernel_init=nnx.with_partitioning(init, (MODEL_AXIS, None)),
                           rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(x))
    partial_sum = self.down(h)
    return jax.lax.psum(partial_sum, MODEL_AXIS)
