import flax.linen as nn
import jax.numpy as jnp

from kernels import ring_all_gather


class GatheredDense(nn.Module):
  """Gathers the sequence shards of every device, then projects them."""
  features: int
  axis_name: str = "x"
  num_devices: int = 4

  @nn.compact
  def __call__(self, x):
    stacked = ring_all_gather(x, axis_name=self.axis_name,
                              num_devices=self.num_devices)
    full = stacked.reshape(-1, x.shape[-1])
    return nn.Dense(self.features, dtype=jnp.bfloat16)(full)
