import jax
import numpy as np
from jax.sharding import Mesh

DATA, MODEL = "data", "model"


def make_mesh():
  return Mesh(np.array(jax.devices()).reshape(2, 2), (DATA, MODEL))
