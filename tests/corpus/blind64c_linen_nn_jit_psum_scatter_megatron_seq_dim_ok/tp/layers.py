import flax.linen as nn
import jax
import jax.numpy as jnp

# Megatron-LM keeps activations as [seq, batch, hidden]; sequence parallel
# reduce-scatters along the sequence dimension.
SEQ_DIM = 0


class ReduceScatterProjection(nn.Module):
  """Row-parallel output projection followed by a sequence-parallel reduce-scatter."""
  features: int
  axis_name: str = 'tp'
  scatter_dimension: int = SEQ_DIM

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features, use_bias=False, name='out')(x)
    return jax.lax.psum_scatter(y, self.axis_name,
                                scatter_dimension=self.scatter_dimension, tiled=True)


class TPAttentionOut(nn.Module):
  heads_per_device: int
  head_dim: int
  features: int

  @nn.compact
  def __call__(self, x):
    ctx = nn.DenseGeneral((self.heads_per_device, self.head_dim), name='value')(x)
    ctx = ctx.reshape(ctx.shape[:-2] + (-1,))
    proj = nn.jit(ReduceScatterProjection)
    return proj(self.features, scatter_dimension=1, name='proj')(ctx)
