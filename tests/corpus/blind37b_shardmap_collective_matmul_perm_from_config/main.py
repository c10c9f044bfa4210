import argparse
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--num-devices", type=int, default=8)
parser.add_argument("--m", type=int, default=16)
args, _ = parser.parse_known_args()

mesh = Mesh(np.array(jax.devices()), ('i',))
size = args.num_devices
ring = [(j, (j + 1) % size) for j in range(size)]


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P('i', None), P('i', None)),
         out_specs=P('i', None))
def matmul_allgather_overlapped(lhs_block, rhs_block):
  n = jax.lax.psum(1, 'i')
  idx = jax.lax.axis_index('i')
  B = lhs_block.shape[1] // n
  lhs_blocks = lambda k: jax.lax.dynamic_slice_in_dim(lhs_block, k * B, B, 1)
  out_block = lhs_blocks(idx) @ rhs_block
  for i in range(1, n):
    rhs_block = jax.lax.ppermute(rhs_block, 'i', perm=ring)
    out_block += lhs_blocks((idx - i) % n) @ rhs_block
  return out_block


lhs = jnp.ones((args.m, 64))
rhs = jnp.ones((64, 32))
lowered = matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
