from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('i',))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('i', None), P('i', None)), out_specs=P('i', None))
def matmul_allgather_overlapped(lhs_block, rhs_block):
  size = lax.axis_size('i')
  idx = lax.axis_index('i')
  shift = partial(lax.ppermute, axis_name='i', perm=[(i, (i + 1) % size) for i in range(size)])

  B = lhs_block.shape[1] // size
  lhs_blocks = lambda i: lax.dynamic_slice_in_dim(lhs_block, i * B, B, 1)

  out_block = lhs_blocks(idx) @ rhs_block

  def body(i, carry):
    out_block, rhs_block = carry
    rhs_block = shift(rhs_block)
    out_block += lhs_blocks((idx - i) % size) @ rhs_block
    return out_block, rhs_block

  out_block, _ = lax.fori_loop(1, size, body, (out_block, rhs_block))
  return out_block


lhs = jax.device_put(jnp.ones((8, 2048)), NamedSharding(mesh, P('i', None)))
rhs = jax.device_put(jnp.ones((2048, 1024)), NamedSharding(mesh, P('i', None)))
matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=('cuda',))
