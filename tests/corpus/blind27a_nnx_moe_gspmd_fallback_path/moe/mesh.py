import jax
from jax.sharding import AxisType


def create_mesh(cfg):
  return jax.make_mesh(cfg.mesh_shape, (cfg.data_axis, cfg.expert_axis),
                       axis_types=(AxisType.Auto, AxisType.Auto))
