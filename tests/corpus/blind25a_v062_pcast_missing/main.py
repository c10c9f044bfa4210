from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('i',))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, 'i'), P('i', None)), out_specs=P())
def collective_matmul(lhs, rhs):
  n = lax.axis_size('i')
  perm = [(j, (j + 1) % n) for j in range(n)]

  def body(_, carry):
    out, lhs = carry
    return out + lhs @ rhs, lax.ppermute(lhs, 'i', perm)

  out = lax.pcast(jnp.zeros((lhs.shape[0], rhs.shape[1])), 'i', to='varying')
  out, _ = lax.fori_loop(0, n, body, (out, lhs))
  return lax.psum(out, 'i')


jax.jit(collective_matmul).trace(jnp.ones((8, 16)), jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))
print('ok')
