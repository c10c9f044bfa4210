import jax
from jax.sharding import AxisType


def make_mesh(cfg):
  return jax.make_mesh(cfg.shape, cfg.axes, axis_types=(AxisType.Auto,) * len(cfg.axes))
