import numpy as np
import jax
from jax.sharding import Mesh


def create_device_mesh(config):
  devices = np.asarray(jax.devices()).reshape(config.mesh_shape)
  return Mesh(devices, (config.batch_axis, config.model_axis))
