from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('i', 'j'))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=P('i', None), out_specs=P(None, None),
         check_rep=False, auto=frozenset({'j'}))
def f(x):
  return jax.lax.psum(x, 'i')


f.trace(jnp.ones((8, 8))).lower(lowering_platforms=('cuda',))
