import jax
import numpy as np
from jax.sharding import Mesh


def build_mesh(num_devices=None):
  devs = jax.devices()[:num_devices] if num_devices else jax.devices()
  return Mesh(np.array(devs), ('data',))
