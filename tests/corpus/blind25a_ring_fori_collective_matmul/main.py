from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Explicit,))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, 'i'), P('i', None)), out_specs=P())
def collective_matmul(lhs_block, rhs_block):
  axis_size = lax.axis_size('i')
  idx = lax.axis_index('i')
  shift = partial(lax.ppermute, axis_name='i',
                  perm=[(j, (j + 1) % axis_size) for j in range(axis_size)])

  def body(i, carry):
    out, lhs_block = carry
    out = out + lhs_block @ rhs_block
    return out, shift(lhs_block)

  out = jnp.zeros((lhs_block.shape[0], rhs_block.shape[1]), lhs_block.dtype)
  out = lax.pcast(out, 'i', to='varying')
  out, _ = lax.fori_loop(0, axis_size, body, (out, lhs_block))
  return lax.psum(out, 'i')


lhs = jax.device_put(jnp.ones((8, 16)), jax.NamedSharding(mesh, P(None, 'i')))
rhs = jax.device_put(jnp.ones((16, 8)), jax.NamedSharding(mesh, P('i', None)))
jax.jit(collective_matmul).trace(lhs, rhs).lower(lowering_platforms=('cuda',))
print('ok')
