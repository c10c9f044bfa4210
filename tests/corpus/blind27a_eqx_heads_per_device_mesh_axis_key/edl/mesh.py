import jax
from jax.sharding import AxisType


def create_mesh(sc):
  return jax.make_mesh(sc.axis_dims, sc.axis_names, axis_types=(AxisType.Auto,) * len(sc.axis_names))
