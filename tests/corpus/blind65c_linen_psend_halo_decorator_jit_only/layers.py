import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class HaloConv1D(nn.Module):
  """Causal conv over a sequence that is split across devices along time."""
  features: int
  kernel_size: int
  num_shards: int
  seq_axis: str = "seq"

  @nn.compact
  def __call__(self, x):  # x: [batch, local_time, channels]
    k = self.kernel_size - 1
    edge = x[:, -k:, :]
    if self.is_initializing():
      halo = jnp.zeros_like(edge)
    else:
      to_right = [(i, i + 1) for i in range(self.num_shards - 1)]
      token = lax.psend(edge, self.seq_axis, to_right)
      halo = lax.precv(token, jax.ShapeDtypeStruct(edge.shape, edge.dtype), self.seq_axis,
                       to_right)
    x = jnp.concatenate([halo, x], axis=1)
    return nn.Conv(self.features, (self.kernel_size,), padding="VALID")(x)


class ConvStack(nn.Module):
  channels: int
  kernel_size: int
  depth: int
  num_shards: int
  seq_axis: str = "seq"

  @nn.compact
  def __call__(self, x):
    for _ in range(self.depth):
      x = x + nn.gelu(HaloConv1D(self.channels, self.kernel_size, self.num_shards,
                                 self.seq_axis)(x))
    return x
