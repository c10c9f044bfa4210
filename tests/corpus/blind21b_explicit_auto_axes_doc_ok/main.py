import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, PartitionSpec as P, auto_axes

mesh = jax.make_mesh((2, 2), ('X', 'Y'), axis_types=(AxisType.Explicit,) * 2)


@auto_axes(out_sharding=P('X'))
def add_auto(a, b):
  return a + b


@jax.jit
def g(x, y):
  z = add_auto(x, y)
  return z * 2


with jax.set_mesh(mesh):
  x = jax.device_put(np.arange(16.).reshape(4, 4), P('X', 'Y'))
  y = jax.device_put(np.arange(16.).reshape(4, 4).T, P('Y', 'X'))
  g.trace(x, y).lower(lowering_platforms=('cuda',))
