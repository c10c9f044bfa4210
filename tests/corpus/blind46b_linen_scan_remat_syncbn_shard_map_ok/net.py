import flax.linen as nn
import jax.numpy as jnp

DATA_AXIS = 'data'


class Block(nn.Module):
  features: int
  train: bool

  @nn.compact
  def __call__(self, x, _):
    y = nn.Dense(self.features)(x)
    y = nn.BatchNorm(use_running_average=not self.train, momentum=0.9,
                     axis_name=DATA_AXIS)(y)
    return x + nn.gelu(y), None


class ScannedMLP(nn.Module):
  features: int = 64
  num_layers: int = 6

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Dense(self.features)(x)
    RematBlock = nn.remat(Block, prevent_cse=False)
    ScanBlock = nn.scan(
        RematBlock,
        variable_axes={'params': 0, 'batch_stats': 0},
        split_rngs={'params': True},
        length=self.num_layers,
    )
    x, _ = ScanBlock(self.features, train)(x, None)
    return nn.Dense(1)(x)
