from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P
from jax.experimental import mesh_utils

mesh = Mesh(mesh_utils.create_device_mesh((4,)), ('i',))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=P('i'), out_specs=P('i'), check_rep=False)
def tag(x):
  idx = jax.lax.axis_index('i')
  return x + idx.astype(x.dtype)


print(tag.trace(jnp.zeros(8)).lower(lowering_platforms=('cuda',)).as_text()[:40])
