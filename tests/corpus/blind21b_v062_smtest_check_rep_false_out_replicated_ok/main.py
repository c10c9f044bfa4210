import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('x',))
smap = functools.partial(shard_map, mesh=mesh, check_rep=False)


@jax.jit
@functools.partial(smap, in_specs=(P('x', None),), out_specs=P())
def f(x):
  y = jax.lax.all_to_all(x, 'x', split_axis=1, concat_axis=0, tiled=True)
  return y[:1]


f.trace(jnp.ones((8, 8))).lower(lowering_platforms=('cuda',))
