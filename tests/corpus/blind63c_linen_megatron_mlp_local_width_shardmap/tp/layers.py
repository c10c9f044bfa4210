import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class ParallelMLP(nn.Module):
  """Runs inside shard_map: each shard owns hidden // tp_size columns of W_in and rows of W_out."""
  d_model: int
  hidden: int
  tp_size: int
  tp_axis: str = 'model'

  @nn.compact
  def __call__(self, x):
    local_hidden = self.hidden // self.tp_size
    h = nn.Dense(local_hidden, name='w_in')(x)
    h = nn.gelu(h)
    y = nn.Dense(self.d_model, use_bias=False, name='w_out')(h)
    return lax.psum(y, self.tp_axis)
