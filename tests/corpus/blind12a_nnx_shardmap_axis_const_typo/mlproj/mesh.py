import jax
import numpy as np
from jax.sharding import Mesh

from . import axes


def data_parallel_mesh():
  return Mesh(np.array(jax.devices()), (axes.DATA,))
