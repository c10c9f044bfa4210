from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))


def ring_allreduce(x, axis_name):
  n = lax.psum(1, axis_name)
  perm = [(j, (j + 1) % n) for j in range(n)]

  def body(_, carry):
    acc, msg = carry
    msg = lax.ppermute(msg, axis_name, perm)
    return acc + msg, msg

  acc0 = lax.pcast(jnp.zeros_like(x), axis_name, to='varying')
  acc, _ = lax.fori_loop(0, n - 1, body, (acc0 + x, x))
  return acc


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P('i'), out_specs=P('i'))
def allreduce_blocks(x):
  return ring_allreduce(x, 'i')


x = jnp.arange(32, dtype=jnp.float32).reshape(8, 4)
print(allreduce_blocks.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:80])
