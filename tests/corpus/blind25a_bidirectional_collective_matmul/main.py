from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Explicit,))
N = 4


def shift_up(x):
  return lax.ppermute(x, 'i', [(j, (j + 1) % N) for j in range(N)])


def shift_dn(x):
  return lax.ppermute(x, 'i', [(j, (j - 1) % N) for j in range(N)])


@partial(jax.shard_map, mesh=mesh, in_specs=(P('i', None), P(None, 'i')), out_specs=P('i', None))
def matmul_ag_bidi(lhs, rhs):
  lo, hi = jnp.split(lhs, 2, axis=0)
  out_lo = jnp.zeros((lo.shape[0], rhs.shape[1] * N), lhs.dtype)
  out_hi = jnp.zeros((hi.shape[0], rhs.shape[1] * N), lhs.dtype)
  out_lo, out_hi = lax.pcast((out_lo, out_hi), 'i', to='varying')

  def body(k, carry):
    out_lo, out_hi, lo, hi = carry
    out_lo = out_lo + jnp.tile(lo @ rhs, (1, N))
    out_hi = out_hi + jnp.tile(hi @ rhs, (1, N))
    return out_lo, out_hi, shift_up(lo), shift_dn(hi)

  out_lo, out_hi, _, _ = lax.fori_loop(0, N, body, (out_lo, out_hi, lo, hi))
  return jnp.concatenate([out_lo, out_hi])


lhs = jax.device_put(jnp.ones((16, 8)), jax.NamedSharding(mesh, P('i', None)))
rhs = jax.device_put(jnp.ones((8, 16)), jax.NamedSharding(mesh, P(None, 'i')))
print(jax.jit(matmul_ag_bidi).trace(lhs, rhs).lower(lowering_platforms=('cuda',)) is not None)
