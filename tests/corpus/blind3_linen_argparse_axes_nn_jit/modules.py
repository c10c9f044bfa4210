import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class ShardedFeedForward(nn.Module):
  hidden_per_shard: int
  model_axis: str

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden_per_shard, name='up')(x))
    y = nn.Dense(x.shape[-1], use_bias=False, name='down')(h)
    return lax.psum(y, self.model_axis)


class Classifier(nn.Module):
  num_classes: int
  hidden_per_shard: int
  model_axis: str

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(32, name='embed')(x)
    ffn = nn.jit(ShardedFeedForward)(self.hidden_per_shard, self.model_axis, name='ffn')
    x = x + ffn(x)
    return nn.Dense(self.num_classes, name='head')(jnp.tanh(x))
