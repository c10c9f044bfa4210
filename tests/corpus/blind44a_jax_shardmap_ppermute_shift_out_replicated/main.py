from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('x',), axis_types=(AxisType.Auto,))
N = 4


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P('x'), out_specs=(P('x'), P()))
def shift_right(block):
  left_boundary = jax.lax.ppermute(block[-1:], 'x', perm=[(i, (i + 1) % N) for i in range(N)])
  shifted = jnp.concatenate([left_boundary, block[:-1]])
  return shifted, left_boundary


x = jnp.arange(64.0)
print(shift_right.trace(x).lower(lowering_platforms=('cuda',)).as_text()[:40])
