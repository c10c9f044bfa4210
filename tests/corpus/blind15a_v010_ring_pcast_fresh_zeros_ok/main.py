from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))


def make_ring_allreduce(axis_name):
  def ring_allreduce(x):
    n = lax.axis_size(axis_name)
    perm = [(j, (j + 1) % n) for j in range(n)]

    def body(_, carry):
      acc, msg = carry
      msg = lax.ppermute(msg, axis_name, perm)
      return acc + msg, msg

    acc0 = lax.pcast(jnp.zeros(x.shape, x.dtype), axis_name, to='varying')
    acc, _ = lax.fori_loop(0, n - 1, body, (acc0 + x, x))
    return acc
  return ring_allreduce


allreduce_blocks = jax.jit(jax.shard_map(make_ring_allreduce('i'), mesh=mesh,
                                         in_specs=P('i'), out_specs=P('i')))

x = jax.device_put(jnp.arange(32, dtype=jnp.float32).reshape(8, 4), NamedSharding(mesh, P('i')))
print(allreduce_blocks.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:80])
