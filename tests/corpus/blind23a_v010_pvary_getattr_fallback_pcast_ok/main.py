from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

pvary = getattr(lax, 'pvary', None) or partial(lax.pcast, to='varying')

mesh = jax.make_mesh((4,), ('i',), axis_types=(AxisType.Auto,))


def ring_sum(x):
  n = 4
  perm = [(j, (j + 1) % n) for j in range(n)]

  def body(_, carry):
    acc, msg = carry
    msg = lax.ppermute(msg, 'i', perm)
    return acc + msg, msg

  acc0 = pvary(jnp.zeros(x.shape[1:], x.dtype), 'i')
  acc, _ = lax.fori_loop(0, n, body, (acc0, x[0]))
  return acc[None]


f = jax.jit(jax.shard_map(ring_sum, mesh=mesh, in_specs=P('i'), out_specs=P('i')))
x = jnp.arange(16.0).reshape(4, 4)
print(f.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:60])
