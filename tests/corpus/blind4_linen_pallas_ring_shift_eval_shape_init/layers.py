"""A token-shift mixer for sequence-parallel models: every shard hands its last rows to the
next shard, which mixes them into its own first position."""
import flax.linen as nn
import jax.numpy as jnp

from kernels.ring import right_permute


class ShardShiftMixer(nn.Module):
  features: int
  axis_name: str = 'x'

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.features, name='proj')(x)
    prev = right_permute(h, self.axis_name)
    gate = self.param('gate', nn.initializers.constant(0.5), (self.features,))
    return h + gate * prev
