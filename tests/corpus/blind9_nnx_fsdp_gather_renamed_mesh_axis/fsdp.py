import jax
import jax.numpy as jnp
from flax import nnx

FSDP_AXIS = 'fsdp'


class FSDPLinear(nnx.Module):
  """Weights stored sharded along dim 0; gathered just-in-time for the matmul."""

  def __init__(self, din, dout, *, rngs):
    self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))
    self.bias = nnx.Param(jnp.zeros((dout,)))

  def __call__(self, x):
    w = jax.lax.all_gather(self.kernel[...], FSDP_AXIS, axis=0, tiled=True)
    return x @ w + self.bias[...]
