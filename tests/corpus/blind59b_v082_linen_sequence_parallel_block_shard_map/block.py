import flax.linen as nn
import jax
import jax.numpy as jnp


class SequenceParallelMlp(nn.Module):
  d_model: int
  d_ff_local: int
  axis: str = 'tensor'

  @nn.compact
  def __call__(self, x_seq_shard):
    # x: [batch, seq / tp, d_model]
    h = nn.LayerNorm(name='norm')(x_seq_shard)
    h = jax.lax.all_gather(h, self.axis, axis=1, tiled=True)  # [batch, seq, d]
    h = nn.Dense(self.d_ff_local, name='up')(h)
    h = nn.gelu(h)
    h = nn.Dense(self.d_model, use_bias=False, name='down')(h)
    h = jax.lax.psum_scatter(h, self.axis, scatter_dimension=1, tiled=True)
    return x_seq_shard + h
