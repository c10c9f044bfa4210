import flax.linen as nn
import jax


class MlpBlock(nn.Module):
  """Per-shard MLP: the hidden dim is the local slice of a tensor-parallel MLP."""
  hidden_local: int
  axis: str = 'tensor'

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden_local, use_bias=False, name='wi')(x)
    h = nn.gelu(h)
    y = nn.Dense(x.shape[-1], use_bias=False, name='wo')(h)
    return jax.lax.psum(y, self.axis)
