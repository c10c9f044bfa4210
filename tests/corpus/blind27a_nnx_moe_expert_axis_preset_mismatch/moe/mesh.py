import jax
from jax.sharding import AxisType


def create_mesh(cfg):
  # the cluster launcher always builds ("data", "expert") meshes
  return jax.make_mesh(cfg.mesh_shape, ("data", "expert"),
                       axis_types=(AxisType.Auto, AxisType.Auto))
