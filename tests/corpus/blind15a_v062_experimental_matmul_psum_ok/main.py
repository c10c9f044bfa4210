from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

devices = np.array(jax.devices()[:4]).reshape(2, 2)
mesh = Mesh(devices, axis_names=('i', 'j'))

a = jnp.arange(8 * 16.).reshape(8, 16)
b = jnp.arange(16 * 4.).reshape(16, 4)


@partial(shard_map, mesh=mesh, in_specs=(P('i', 'j'), P('j', None)),
         out_specs=P('i', None), check_rep=True)
def matmul_basic(a_block, b_block):
  # a_block: f32[4, 8]
  # b_block: f32[8, 4]
  c_partialsum = jnp.dot(a_block, b_block)
  c_block = jax.lax.psum(c_partialsum, 'j')
  # c_block: f32[4, 4]
  return c_block


lowered = jax.jit(matmul_basic).trace(a, b).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:60])
