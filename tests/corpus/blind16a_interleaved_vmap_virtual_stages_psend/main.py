import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.sharding import AxisType

N_DEV = 4
V = 2  # virtual stages per device
mesh = jax.make_mesh((N_DEV,), ('stage',), axis_types=(AxisType.Explicit,))
RING = [(i, (i + 1) % N_DEV) for i in range(N_DEV)]


def layer(w, h):
  return jnp.tanh(h @ w)


def chunk_step(w, h):
  y = layer(w, h)
  tok = lax.psend(y, 'stage', RING)
  return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', RING)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('stage'), P('stage')),
                   out_specs=P('stage'), check_vma=False)
def interleaved_tick(ws, hs):
  # ws: [1, V, d, d] this device's chunks; hs: [1, V, b, d] their in-flight activations
  new_hs = jax.vmap(chunk_step)(ws[0], hs[0])
  return new_hs[None]


ws = jax.ShapeDtypeStruct((N_DEV, V, 64, 64), jnp.float32,
                          sharding=NamedSharding(mesh, P('stage')))
hs = jax.ShapeDtypeStruct((N_DEV, V, 16, 64), jnp.float32,
                          sharding=NamedSharding(mesh, P('stage')))
jax.jit(interleaved_tick).trace(ws, hs).lower(lowering_platforms=('cuda',))
