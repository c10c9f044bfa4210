import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

USE_SHARD_MAP = os.environ.get('USE_SHARD_MAP', '0') == '1'
N_STAGES = 4
PERM = [(i, i + 1) for i in range(N_STAGES - 1)]


def stage(w, x):
  return jnp.tanh(x @ w)


def pipeline(ws, x):
  w = ws[0]
  h = x
  for s in range(N_STAGES - 1):
    y = stage(w, h)
    token = jax.lax.psend(y, 'stage', PERM)
    received = jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', PERM)
    h = jnp.where(jax.lax.axis_index('stage') == s + 1, received, h)
  return stage(w, h)


def build(mesh):
  if USE_SHARD_MAP:
    return jax.jit(jax.shard_map(pipeline, mesh=mesh, in_specs=(P('stage'), P()),
                                 out_specs=P('stage')))
  return jax.jit(pipeline, in_shardings=(NamedSharding(mesh, P('stage')),
                                         NamedSharding(mesh, P())))


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('stage',))
  fwd = build(mesh)
  ws = jnp.ones((N_STAGES, 32, 32))
  x = jnp.ones((8, 32))
  fwd.trace(ws, x).lower(lowering_platforms=('cuda',))
