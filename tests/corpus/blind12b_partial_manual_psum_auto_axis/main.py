import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('data'), out_specs=P('data'),
                   axis_names={'data'})
def grad_norm_clip(g):
  sq = jnp.sum(g * g)
  norm = jnp.sqrt(jax.lax.psum(sq, ('data', 'model')))
  return g * jnp.minimum(1.0, 1.0 / (norm + 1e-6))


if __name__ == '__main__':
  g = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data', 'model')))
  jax.jit(grad_norm_clip).trace(g).lower(lowering_platforms=('cuda',))
