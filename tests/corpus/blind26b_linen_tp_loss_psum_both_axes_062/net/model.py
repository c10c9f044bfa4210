import flax.linen as nn
from jax import lax


class ShardedMLP(nn.Module):
  hidden_per_shard: int
  out: int

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden_per_shard, name='wi')(x))
    y = nn.Dense(self.out, use_bias=False, name='wo')(h)
    return lax.psum(y, 'model')
