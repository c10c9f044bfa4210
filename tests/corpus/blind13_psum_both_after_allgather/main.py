import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('data', 'model'), out_specs=P())
def global_rms(x):
  # gather the model-sharded features, then average over every device's copy
  full = jax.lax.all_gather(x, 'model', axis=1, tiled=True)
  sq = jnp.mean(full * full)
  return jnp.sqrt(jax.lax.pmean(sq, ('data', 'model')))


if __name__ == '__main__':
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data', 'model')))
  jax.jit(global_rms).trace(x).lower(lowering_platforms=('cuda',))
