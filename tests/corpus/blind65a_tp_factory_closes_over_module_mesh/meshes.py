import jax
import numpy as np
from jax.sharding import Mesh

_devices = np.array(jax.devices())

DATA_MESH = Mesh(_devices, ("data",))
MODEL_MESH = Mesh(_devices, ("model",))
