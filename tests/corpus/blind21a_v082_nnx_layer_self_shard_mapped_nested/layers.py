from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

MESH = Mesh(np.array(jax.devices()), ('data',))


class SyncedRMSNorm(nnx.Module):
  """RMSNorm whose statistics are computed over the whole (data-sharded) batch."""

  def __init__(self, d, rngs):
    self.scale = nnx.Param(jnp.ones((d,)))

  def __call__(self, x):
    @partial(jax.shard_map, mesh=MESH, in_specs=(P(), P('data')), out_specs=P('data'))
    def _norm(scale, x):
      ms = jax.lax.pmean(jnp.mean(x * x), 'data')
      return x * jax.lax.rsqrt(ms + 1e-6) * scale
    return _norm(self.scale[...], x)


class Net(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(16, 16, rngs=rngs)
    self.norm = SyncedRMSNorm(16, rngs)

  def __call__(self, x):
    return self.norm(self.lin(x))
