import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'tp'))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('dp', 'tp'), out_specs=(P(), P('dp', 'tp')))
def rank_stats(x):
  rank = jax.lax.axis_index('dp') * jax.lax.axis_size('tp') + jax.lax.axis_index('tp')
  total = jax.lax.psum(rank.astype(jnp.float32), mesh.axis_names)
  return total, x + rank


if __name__ == '__main__':
  jax.jit(rank_stats).trace(jnp.zeros((4, 4))).lower(lowering_platforms=('cuda',))
