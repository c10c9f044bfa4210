"""Spatially-partitioned 1D conv as a Linen module: halo exchange with neighbours via ppermute."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
from flax import linen as nn


def exchange_halos(x, axis_name, halo):
  """x: [batch, length_local, channels]; returns x padded with neighbours' edges."""
  n = lax.axis_size(axis_name)
  right = [(i, (i + 1) % n) for i in range(n)]
  left = [(i, (i - 1) % n) for i in range(n)]
  edges = jnp.concatenate([x[:, -halo:], x[:, :halo]], axis=1)
  # one collective for both directions
  recv = lax.ppermute(edges, axis_name, perm=right + left)
  from_left, from_right = recv[:, :halo], recv[:, halo:]
  return jnp.concatenate([from_left, x, from_right], axis=1)


class HaloConv1D(nn.Module):
  features: int
  kernel_size: int = 3
  axis_name: str = 'space'

  @nn.compact
  def __call__(self, x):
    halo = self.kernel_size // 2
    x = exchange_halos(x, self.axis_name, halo)
    return nn.Conv(self.features, (self.kernel_size,), padding='VALID')(x)


mesh = Mesh(np.array(jax.devices()), ('space',))
conv = HaloConv1D(features=16)
# The halo exchange adds no parameters: initialise the inner conv alone.
inner = nn.Conv(16, (3,), padding='VALID').init(jax.random.PRNGKey(0), jnp.ones((1, 8, 4)))
params = {'params': {'Conv_0': inner['params']}}


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, 'space')),
                   out_specs=P(None, 'space'))
def apply(params, x):
  return conv.apply(params, x)


print(apply.trace(params, jnp.ones((2, 64, 4))).lower(lowering_platforms=('cuda',)).as_text()[:10])
