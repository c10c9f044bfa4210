import jax
import numpy as np
from jax.sharding import Mesh

REPLICA_AXIS = "replica"
RING_AXIS = "x"


def build_mesh(num_replicas=2):
  devices = np.array(jax.devices())
  return Mesh(devices.reshape(num_replicas, -1), (REPLICA_AXIS, RING_AXIS))
