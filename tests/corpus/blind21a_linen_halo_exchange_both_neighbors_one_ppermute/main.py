from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'space'


class HaloConv1D(nn.Module):
  """1-D conv over a spatially sharded sequence; needs one halo row from each neighbour."""
  features: int
  n_shards: int

  def exchange(self, x):
    n = self.n_shards
    right = [(i, i + 1) for i in range(n - 1)]
    left = [(i, i - 1) for i in range(1, n)]
    # ship the last row right and the first row left in a single collective
    halo = lax.ppermute(jnp.stack([x[:, -1], x[:, 0]], axis=1), AXIS, right + left)
    return halo[:, 1:2], halo[:, 0:1]

  @nn.compact
  def __call__(self, x):  # x: (batch, local_len, channels)
    from_left, from_right = self.exchange(x)
    padded = jnp.concatenate([from_left, x, from_right], axis=1)
    return nn.Conv(self.features, kernel_size=(3,), padding='VALID')(padded)


mesh = Mesh(np.array(jax.devices()), (AXIS,))
conv = HaloConv1D(features=8, n_shards=4)
params = jax.eval_shape(lambda: nn.Conv(8, (3,)).init(jax.random.key(0), jnp.ones((1, 5, 4))))
params = {'params': {'Conv_0': params['params']}}


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, AXIS)), out_specs=P(None, AXIS))
def forward(params, x):
  return conv.apply(params, x)


forward.trace(params, jnp.ones((2, 64, 4))).lower(lowering_platforms=('cuda',))
