import math

import jax
from jax.sharding import AxisType


def create_device_mesh(cfg):
  shape = tuple(cfg["mesh_shape"])
  assert math.prod(shape) == len(jax.devices()), (shape, len(jax.devices()))
  # Linen's logical constraints are hints for the partitioner: keep the axes Auto.
  return jax.make_mesh(shape, tuple(cfg["mesh_axes"]), axis_types=(AxisType.Auto,) * len(shape))
