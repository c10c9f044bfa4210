from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('rows',))


def _matvec_normal(a_rows, v):
  return jax.lax.psum(a_rows.T @ (a_rows @ v), 'rows')


@partial(shard_map, mesh=mesh, in_specs=P('rows', None), out_specs=P(), check_rep=True)
def top_singular_vector(a_rows):
  def step(_, v):
    w = _matvec_normal(a_rows, v)
    return w / jnp.linalg.norm(w)

  v0 = jnp.ones((a_rows.shape[1],), a_rows.dtype) / np.sqrt(a_rows.shape[1])
  return jax.lax.fori_loop(0, 20, step, v0)


a = jnp.ones((64, 16))
jax.jit(top_singular_vector).trace(a).lower(lowering_platforms=('cuda',))
