import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('batch', None), out_specs=P())
def mean_norm(x):
  local = jnp.sum(x * x)
  return jax.lax.pmean(local, 'batch')


x = jnp.ones((6, 128))   # batch of 6 does not split over 4 devices
print(jax.jit(mean_norm).trace(x).lower(lowering_platforms=('cuda',)).as_text()[:40])
