from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def test_matmul_reduce_scatter():
  mesh = Mesh(np.array(jax.devices()), ('i',))

  @partial(jax.shard_map, mesh=mesh, in_specs=(P(None, 'i'), P('i', None)),
           out_specs=P('i', None))
  def f(a, b):
    return jax.lax.psum_scatter(a @ b, 'j', tiled=True)

  lowered = jax.jit(f).trace(jnp.ones((8, 8)), jnp.ones((8, 8))).lower(lowering_platforms=('cuda',))
  assert lowered is not None


if __name__ == '__main__':
  test_matmul_reduce_scatter()
  print('ok')
