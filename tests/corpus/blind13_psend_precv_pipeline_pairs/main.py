import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()), ('stage',))
N = len(jax.devices())
SHIFT = [(i, i + 1) for i in range(N - 1)]


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P('stage')),
                   out_specs=P('stage'))
def pipeline_tick(act, w):
  y = jnp.tanh(act @ w[0])
  tok = jax.lax.psend(y, 'stage', SHIFT)
  nxt = jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', SHIFT)
  return nxt


if __name__ == '__main__':
  act = jnp.ones((4 * N, 8))
  w = jnp.ones((N, 8, 8))
  jax.jit(pipeline_tick).trace(act, w).lower(lowering_platforms=('cuda',))
