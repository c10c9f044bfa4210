import jax
import numpy as np
from jax.sharding import Mesh


def make_mesh(shape, names):
  devices = np.array(jax.devices()[: int(np.prod(shape))]).reshape(shape)
  return Mesh(devices, names)
