import jax
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH_AXES = ("data", "fsdp")
BATCH_SPEC = P(MESH_AXES)


def create_mesh():
  return Mesh(np.array(jax.devices()).reshape(2, 2), MESH_AXES)
