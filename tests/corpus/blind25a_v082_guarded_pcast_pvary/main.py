from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

try:
  from jax import shard_map
except ImportError:  # older JAX
  from jax.experimental.shard_map import shard_map

if hasattr(lax, 'pcast'):
  def to_varying(x, axis):
    return lax.pcast(x, axis, to='varying')
else:
  to_varying = lax.pvary

mesh = Mesh(np.array(jax.devices()), ('i',))


def collective_matmul(lhs, rhs):
  n = lax.axis_size('i')
  perm = [(j, (j + 1) % n) for j in range(n)]

  def body(_, carry):
    out, lhs = carry
    return out + lhs @ rhs, lax.ppermute(lhs, 'i', perm)

  out = to_varying(jnp.zeros((lhs.shape[0], rhs.shape[1])), 'i')
  out, _ = lax.fori_loop(0, n, body, (out, lhs))
  return lax.psum(out, 'i')


collective_matmul = shard_map(collective_matmul, mesh=mesh, in_specs=(P(None, 'i'), P('i', None)),
                              out_specs=P())

if __name__ == '__main__':
  jax.jit(collective_matmul).trace(jnp.ones((8, 16)), jnp.ones((16, 8))).lower(
      lowering_platforms=('cuda',))
  print('ok')
