import jax
from jax.sharding import Mesh
import numpy as np


def build_mesh(axis):
  return Mesh(np.array(jax.devices()), (axis,))
