import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()), ('stage',))
NEXT = [(i, i + 1) for i in range(N - 1)]


def stage_apply(w, b, h):
  return jax.nn.relu(h @ w + b)


@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P('stage'), P('stage'), P('stage')), out_specs=P('stage'))
def pipeline(w, b, x0):
  # x0: [1, batch, d] the activation each stage starts from (stage 0's is the real input)
  w, b = w[0], b[0]
  recv_spec = jax.ShapeDtypeStruct(x0.shape[1:], x0.dtype)

  def body(i, h):
    y = stage_apply(w, b, h)
    tok = lax.psend(y, 'stage', NEXT)
    return lax.precv(tok, recv_spec, 'stage', NEXT)

  h = lax.fori_loop(0, N - 1, body, x0[0])
  return stage_apply(w, b, h)[None]


w = jnp.ones((N, 64, 64))
b = jnp.zeros((N, 64))
x0 = jnp.ones((N, 16, 64))
jax.jit(pipeline).trace(w, b, x0).lower(lowering_platforms=('cuda',))
