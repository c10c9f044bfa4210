from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))


def collective_matmul_allgather_rhs(lhs_block, rhs_block):
  axis_size = lax.axis_size('i')
  idx = lax.axis_index('i')
  shift = partial(lax.ppermute, axis_name='i',
                  perm=[(j, (j + 1) % axis_size) for j in range(axis_size)])
  B = lhs_block.shape[1] // axis_size

  def lhs_chunk(k):
    return lax.dynamic_slice_in_dim(lhs_block, k * B, B, 1)

  def body(i, carry):
    out_block, rhs = carry
    out_block = out_block + lhs_chunk((idx - i) % axis_size) @ rhs
    return out_block, shift(rhs)

  out0 = lax.pcast(jnp.zeros((lhs_block.shape[0], rhs_block.shape[1]), lhs_block.dtype),
                   'i', to='varying')
  out_block, _ = lax.fori_loop(0, axis_size, body, (out0, rhs_block))
  return out_block


matmul = jax.jit(jax.shard_map(collective_matmul_allgather_rhs, mesh=mesh,
                               in_specs=(P('i', None), P('i', None)),
                               out_specs=P('i', None)))

lhs = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=NamedSharding(mesh, P('i', None)))
rhs = jax.ShapeDtypeStruct((16, 8), jnp.float32, sharding=NamedSharding(mesh, P('i', None)))
matmul.trace(lhs, rhs).lower(lowering_platforms=('cuda',))
