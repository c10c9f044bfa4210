import jax
import numpy as np
from jax.sharding import Mesh

MESH_AXES = ("dp", "tp")


def create_mesh(dp, tp):
  return Mesh(np.array(jax.devices()[: dp * tp]).reshape(dp, tp), MESH_AXES)
