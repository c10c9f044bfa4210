import flax.linen as nn

from spatial.halo import halo_exchange


class SpatialConvBlock(nn.Module):
  features: int
  spatial_axis: str = 'space'

  @nn.compact
  def __call__(self, x):
    x = halo_exchange(x, self.spatial_axis, 1)
    x = nn.Conv(self.features, (3, 3), padding=((0, 0), (1, 1)))(x)
    x = nn.GroupNorm(num_groups=4)(x)
    return nn.silu(x)
