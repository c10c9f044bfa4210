import flax.linen as nn


class Block(nn.Module):
  features: int
  axis_name: str = 'data'

  @nn.compact
  def __call__(self, x, _):
    h = nn.Dense(self.features)(x)
    h = nn.BatchNorm(use_running_average=False, axis_name=self.axis_name)(h)
    x = x + nn.gelu(h)
    return x, None


class Stack(nn.Module):
  features: int
  num_layers: int

  @nn.compact
  def __call__(self, x):
    ScanBlock = nn.scan(
        nn.remat(Block),
        variable_axes={'params': 0, 'batch_stats': 0},
        split_rngs={'params': True},
        in_axes=nn.broadcast,
        length=self.num_layers,
    )
    x, _ = ScanBlock(self.features, name='blocks')(x, None)
    return nn.Dense(1)(x)
