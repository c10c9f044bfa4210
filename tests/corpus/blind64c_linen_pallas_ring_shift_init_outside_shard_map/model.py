import flax.linen as nn

from ops.ring import right_permute


class RingMixer(nn.Module):
  """Each device mixes its block with the block of its left neighbour on the ring."""
  features: int
  num_devices: int
  axis_name: str = 'x'

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features, name='proj')(x)
    from_left = right_permute(h, axis_name=self.axis_name, num_devices=self.num_devices)
    h = nn.LayerNorm(name='norm')(h + from_left)
    return nn.Dense(self.features, name='out')(nn.gelu(h))
