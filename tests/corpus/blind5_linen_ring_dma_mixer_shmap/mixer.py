import flax.linen as nn

from kernels.ring import right_permute


class RingMixer(nn.Module):
  """Mixes each device's tokens with its left neighbour's, passed over the ICI ring."""
  features: int
  axis_name: str
  num_devices: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features, name='proj')(x)
    if self.is_initializing():
      return h
    neighbour = right_permute(h, axis_name=self.axis_name, num_devices=self.num_devices)
    return h + neighbour
