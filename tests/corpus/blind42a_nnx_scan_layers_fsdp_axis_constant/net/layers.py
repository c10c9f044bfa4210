import jax
from flax import nnx

FSDP_AXIS = 'fsdp'


class FSDPBlock(nnx.Module):
  """Residual MLP block; kernels are stored sharded along their input dim."""

  def __init__(self, d, rngs):
    init = nnx.initializers.lecun_normal()
    self.w_in = nnx.Param(init(rngs.params(), (d, 4 * d)))
    self.w_out = nnx.Param(init(rngs.params(), (4 * d, d)))

  def __call__(self, x):
    w_in = jax.lax.all_gather(self.w_in[...], FSDP_AXIS, axis=0, tiled=True)
    w_out = jax.lax.all_gather(self.w_out[...], FSDP_AXIS, axis=0, tiled=True)
    return x + nnx.gelu(x @ w_in) @ w_out
