import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('X', 'Y'), axis_types=(AxisType.Explicit, AxisType.Explicit))


@jax.jit
def layer(x, w):
  assert jax.typeof(x).sharding.spec == P('X', None)
  h = jnp.einsum('bd,df->bf', x, w, out_sharding=P('X', 'Y'))
  h = jax.nn.relu(h)
  return jax.sharding.reshard(h, P('X', None))


with jax.set_mesh(mesh):
  x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P('X', None)))
  w = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, 'Y')))
  layer.trace(x, w).lower(lowering_platforms=('cuda',))
