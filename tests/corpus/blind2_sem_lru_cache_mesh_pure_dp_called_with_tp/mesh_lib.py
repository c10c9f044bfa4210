"""The process-wide mesh, built once."""
import functools

import jax
import numpy as np
from jax.sharding import Mesh

DATA, MODEL = "data", "model"


@functools.lru_cache(maxsize=None)
def get_mesh(model_parallelism=1):
    if model_parallelism == 1:
        return Mesh(np.array(jax.devices()), (DATA,))
    devices = np.array(jax.devices()).reshape(-1, model_parallelism)
    return Mesh(devices, (DATA, MODEL))
