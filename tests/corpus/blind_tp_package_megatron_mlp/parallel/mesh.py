import jax
import numpy as np
from jax.sharding import Mesh


def build_mesh(axis):
    return Mesh(np.array(jax.devices()), (axis,))
