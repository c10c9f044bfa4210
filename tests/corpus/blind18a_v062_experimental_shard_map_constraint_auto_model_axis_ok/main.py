from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

import proj

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


@partial(shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=(P('data'), P()), auto=frozenset({'model'}))
def step(w, x):
  h = proj.project(mesh, w, x)
  ntok = lax.psum(jnp.float32(x.shape[0]), 'data')
  return h, ntok


jax.jit(step).trace(jnp.ones((32, 64)), jnp.ones((16, 32))).lower(lowering_platforms=('cuda',))
