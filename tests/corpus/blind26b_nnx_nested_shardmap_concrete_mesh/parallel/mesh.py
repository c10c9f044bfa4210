import jax
import numpy as np
from jax.sharding import Mesh

MESH = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
