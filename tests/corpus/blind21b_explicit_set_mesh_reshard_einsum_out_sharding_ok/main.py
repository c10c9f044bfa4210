import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ('X', 'Y'), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)

x = jax.device_put(np.arange(16.).reshape(8, 2), P('X', 'Y'))
w = jax.device_put(np.ones((2, 4)), P('Y', None))


@jax.jit
def layer(x, w):
  h = jnp.einsum('bd,df->bf', x, w, out_sharding=P('X', None))
  h = jnp.sin(h)
  return reshard(h, P(None, 'Y'))


print(jax.typeof(x))
layer.trace(x, w).lower(lowering_platforms=('cuda',))
