import jax
import numpy as np
from jax.sharding import Mesh

PP = "pp"


def pipeline_mesh():
  return Mesh(np.array(jax.devices()), (PP,))
