import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from rs_kernel import ring_reduce_scatter

TP, DP = 2, 2
BLOCK = (8, 128)
# the 1-D kernel from the single-axis example, now run on a data x model mesh
mesh = Mesh(np.array(jax.devices()).reshape(DP, TP), ('data', 'model'))
reduce_scatter = ring_reduce_scatter('model', TP, BLOCK)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('data', 'model'),
                   out_specs=P('data', 'model'), check_vma=False)
def tp_reduce(partials):
  # partials: [1, 1, TP, 8, 128] per device -> this device's reduced block
  return reduce_scatter(partials[0, 0])[None, None]


@jax.jit
def step(partials):
  return tp_reduce(partials).sum(axis=0)


if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((DP, TP, TP) + BLOCK, jnp.float32)
  step.trace(x).lower(lowering_platforms=('tpu',))
