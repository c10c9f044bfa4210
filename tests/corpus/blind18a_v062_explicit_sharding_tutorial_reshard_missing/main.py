import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('X', 'Y'), axis_types=(AxisType.Explicit, AxisType.Explicit))


@jax.jit
def f(x, y):
  z = jnp.einsum('ab,bc->ac', x, y)
  return jax.sharding.reshard(z, P('X', 'Y'))


with jax.sharding.use_mesh(mesh):
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('X', None)))
  y = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P(None, 'Y')))
  f.trace(x, y).lower(lowering_platforms=('cuda',))
