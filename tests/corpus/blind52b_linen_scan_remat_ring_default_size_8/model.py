import jax
import flax.linen as nn


class ShiftBlock(nn.Module):
  features: int
  axis_name: str
  axis_size: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.relu(nn.Dense(self.features)(x))
    perm = [(i, (i + 1) % self.axis_size) for i in range(self.axis_size)]
    return jax.lax.ppermute(h, self.axis_name, perm), None


class RingStack(nn.Module):
  features: int
  num_layers: int
  axis_name: str = 'stage'
  axis_size: int = 8  # one stage per chip on a v5e-8 host

  @nn.compact
  def __call__(self, x):
    block = nn.remat(ShiftBlock, prevent_cse=False)
    x, _ = nn.scan(block, variable_axes={'params': 0},
                   split_rngs={'params': True},
                   length=self.num_layers)(self.features, self.axis_name, self.axis_size)(x, None)
    return x
