import jax
from jax.sharding import AxisType


def init_mesh():
  mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)
  jax.set_mesh(mesh)
  return mesh
