import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P


def local_stats(x):
  return lax.psum(jnp.sum(x, axis=0), 'data')


@jax.jit
def stats(scale):
  x = jnp.ones((16, 4)) * scale
  return jax.shard_map(local_stats, in_specs=P('data', None), out_specs=P())(x)


mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
with jax.set_mesh(mesh):
  stats.trace(2.0).lower(lowering_platforms=('cuda',))
