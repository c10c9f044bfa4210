from flax import linen as nn
import jax.numpy as jnp

import kernels


class GatherMix(nn.Module):
  """Projects the local block, all-gathers it across the model axis and pools."""
  features: int
  model_axis_size: int

  def setup(self):
    self.proj = nn.Dense(self.features)
    self.mix = nn.Dense(self.features)

  def __call__(self, x):
    h = self.proj(x)
    gathered = kernels.ring_all_gather(h, axis_name='model', num_devices=self.model_axis_size)
    return x + self.mix(jnp.mean(gathered, axis=0))
