import math

import jax


def create_device_mesh(cfg):
  shape = tuple(cfg["mesh_shape"])
  assert math.prod(shape) == len(jax.devices()), (shape, len(jax.devices()))
  return jax.make_mesh(shape, tuple(cfg["mesh_axes"]))
