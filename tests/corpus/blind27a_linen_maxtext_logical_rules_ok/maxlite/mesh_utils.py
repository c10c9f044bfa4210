import jax
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh


def create_device_mesh(config):
  shape = (config.ici_data_parallelism, config.ici_fsdp_parallelism,
           config.ici_tensor_parallelism)
  assert np.prod(shape) == jax.device_count(), (shape, jax.device_count())
  devices = mesh_utils.create_device_mesh(shape, jax.devices())
  return Mesh(devices, config.mesh_axes)
