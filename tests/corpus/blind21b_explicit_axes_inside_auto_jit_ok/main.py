from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P, explicit_axes

mesh = jax.make_mesh((2, 2), ('X', 'Y'), axis_types=(AxisType.Auto,) * 2)


@partial(explicit_axes, in_sharding=P('X', None))
def row_sums(x):
  return jnp.sum(x, axis=1)


@jax.jit
def f(x):
  y = x * 2
  return row_sums(y)


with jax.set_mesh(mesh):
  x = jax.device_put(np.ones((8, 4)), NamedSharding(mesh, P('X', 'Y')))
  f.trace(x).lower(lowering_platforms=('cuda',))
