import functools

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


def tp_matmul(x, w):
  @functools.partial(jax.shard_map, in_specs=(P(None, 'model'), P('model', None)),
                     out_specs=P(), axis_names={'model'})
  def inner(xb, wb):
    return jax.lax.psum(xb @ wb, 'model')
  return inner(x, w)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('data'), P()), out_specs=P('data'),
                   axis_names={'data'})
def outer(x, w):
  y = tp_matmul(x, w)
  return y - jax.lax.pmean(jnp.mean(y), 'data')


if __name__ == '__main__':
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('data', 'model')))
  w = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P('model', None)))
  jax.jit(outer).trace(x, w).lower(lowering_platforms=('cuda',))
