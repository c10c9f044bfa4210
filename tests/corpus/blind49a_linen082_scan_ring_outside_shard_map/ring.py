"""Ring all-gather-matmul written with Linen lifted nn.scan: at each step the
local activation chunk is projected and then passed to the neighbour with
lax.ppermute. Must run inside shard_map over `axis_name`."""
import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class RingStep(nn.Module):
  features: int
  axis_name: str
  axis_size: int

  @nn.compact
  def __call__(self, chunk, _):
    y = nn.Dense(self.features, name='proj')(chunk)
    perm = [(j, (j + 1) % self.axis_size) for j in range(self.axis_size)]
    chunk = lax.ppermute(chunk, self.axis_name, perm=perm)
    return chunk, y


class RingProjection(nn.Module):
  features: int
  axis_name: str
  axis_size: int

  @nn.compact
  def __call__(self, x):
    scan = nn.scan(RingStep, variable_broadcast='params',
                   split_rngs={'params': False}, length=self.axis_size)
    _, ys = scan(self.features, self.axis_name, self.axis_size, name='ring')(x, None)
    # ys[i] came from shard (idx - i) mod n; put them back in shard order
    idx = lax.axis_index(self.axis_name)
    order = (idx - jnp.arange(self.axis_size)) % self.axis_size
    ys = ys[jnp.argsort(order)]
    return ys.reshape(-1, self.features)
