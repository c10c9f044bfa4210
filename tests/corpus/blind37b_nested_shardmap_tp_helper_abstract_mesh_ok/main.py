from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding

from layers.tp import MESH, row_parallel_matmul


@jax.jit
@partial(jax.shard_map, mesh=MESH, in_specs=(P('data'), P()), out_specs=P(),
         axis_names={'data'})
def loss(x, w):
  y = row_parallel_matmul(x, w)
  return jax.lax.pmean(jnp.mean(y ** 2), 'data')


x = jax.device_put(jnp.ones((8, 64)), NamedSharding(MESH, P('data', None)))
w = jax.device_put(jnp.ones((64, 16)), NamedSharding(MESH, P('model', None)))
print(loss.trace(x, w).lower(lowering_platforms=('cuda',)).as_text()[:40])
