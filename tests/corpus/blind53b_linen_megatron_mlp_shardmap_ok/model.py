import jax
import flax.linen as nn
from jax.sharding import PartitionSpec as P


class MegatronMLP(nn.Module):
  """Column-parallel wi, row-parallel wo: works on this device's d_ff shard."""
  d_model: int
  d_ff_local: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    h = nn.gelu(nn.Dense(self.d_ff_local, name='wi')(x))
    y = nn.Dense(self.d_model, use_bias=False, name='wo')(h)
    return jax.lax.psum(y, self.axis_name)


PARAM_SPECS = {'params': {'wi': {'kernel': P(None, 'model'), 'bias': P('model')},
                          'wo': {'kernel': P('model', None)}}}
