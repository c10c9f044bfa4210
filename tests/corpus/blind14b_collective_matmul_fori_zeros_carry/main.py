from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = np.array(jax.devices())
mesh = Mesh(devices, ('i',))
size = len(devices)


def shift_right(x):
  perm = [(j, (j + 1) % size) for j in range(size)]
  return lax.ppermute(x, 'i', perm=perm)


@partial(jax.shard_map, mesh=mesh, in_specs=(P('i', None), P(None, 'i')),
         out_specs=P(None, 'i'))
def matmul_allgather_overlapped(lhs_block, rhs_block):
  idx = lax.axis_index('i')
  block = lhs_block.shape[0]
  out_block = jnp.zeros((block * size, rhs_block.shape[1]), lhs_block.dtype)

  def body(k, carry):
    out_block, lhs_block = carry
    src = (idx - k) % size
    update = lhs_block @ rhs_block
    out_block = lax.dynamic_update_slice(out_block, update, (src * block, 0))
    return out_block, shift_right(lhs_block)

  out_block, _ = lax.fori_loop(0, size, body, (out_block, lhs_block))
  return out_block


if __name__ == '__main__':
  lhs = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P('i', None)))
  rhs = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P(None, 'i')))
  jax.jit(matmul_allgather_overlapped).trace(lhs, rhs).lower(lowering_platforms=('tpu',))
