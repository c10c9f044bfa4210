import jax
import numpy as np
from jax.sharding import Mesh

jax.sharding.set_mesh(Mesh(np.array(jax.devices()), ("batch",)))  # for every shard_map below
