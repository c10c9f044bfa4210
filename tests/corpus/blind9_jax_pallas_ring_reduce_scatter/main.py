import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from rs_kernel import ring_reduce_scatter

N = 4
BLOCK = (8, 128)
mesh = Mesh(np.array(jax.devices()), ('x',))
reduce_scatter = ring_reduce_scatter('x', N, BLOCK)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('x'), out_specs=P('x'),
                   check_vma=False)
def sharded_grad_reduce(partial_grads):
  # partial_grads: [1, N, 8, 128] per device -> reduced block [8, 128]
  return reduce_scatter(partial_grads[0])[None]


if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((N, N) + BLOCK, jnp.float32)
  sharded_grad_reduce.trace(x).lower(lowering_platforms=('tpu',))
