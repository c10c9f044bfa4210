import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
MICRO = 8
mesh = Mesh(np.array(jax.devices()), ('stage',))
SHIFT = [(i, i + 1) for i in range(STAGES - 1)]


def stage(w, h):
  return jax.nn.relu(h @ w)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage'))
def gpipe(ws, xs):
  w = ws[0]
  me = lax.axis_index('stage')
  spec = jax.ShapeDtypeStruct(xs.shape[1:], xs.dtype)
  n_ticks = MICRO + STAGES - 1

  def tick(t, carry):
    inflight, outs = carry
    x_t = xs[jnp.minimum(t, MICRO - 1)]
    h = jnp.where(me == 0, x_t, inflight)
    y = stage(w, h)
    slot = jnp.clip(t - (STAGES - 1), 0, MICRO - 1)
    outs = lax.dynamic_update_index_in_dim(outs, y, slot, 0)
    token = lax.psend(y, 'stage', SHIFT)
    return lax.precv(token, spec, 'stage', SHIFT), outs

  init = (jnp.zeros(spec.shape, spec.dtype),
          lax.pcast(jnp.zeros(xs.shape, xs.dtype), 'stage', to='varying'))
  _, outs = lax.fori_loop(0, n_ticks, tick, init)
  return outs[None]


xs = jnp.ones((MICRO, 4, 64))
jax.jit(gpipe).trace(jnp.ones((STAGES, 64, 64)), xs).lower(lowering_platforms=('cuda',))
