import jax.numpy as jnp
from flax import nnx

from kernels import ring_all_gather


class AllGatherLinear(nnx.Module):
  """FSDP-style linear: the weight is stored row-sharded and gathered before use."""

  def __init__(self, d_in, d_out, *, axis_name, num_devices, rngs):
    self.w_shard = nnx.Param(
        nnx.initializers.lecun_normal()(rngs.params(), (d_in // num_devices, d_out)))
    self.axis_name = axis_name
    self.num_devices = num_devices

  def __call__(self, x):
    w = ring_all_gather(self.w_shard[...], axis_name=self.axis_name,
                        num_devices=self.num_devices)
    return jnp.dot(x, w)
