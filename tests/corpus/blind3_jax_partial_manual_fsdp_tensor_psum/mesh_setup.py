import jax
import numpy as np
from jax.sharding import Mesh

MESH_AXES = ("fsdp", "tensor")


def create_mesh(shape=(2, 2)):
    devices = np.asarray(jax.devices()[: int(np.prod(shape))]).reshape(shape)
    return Mesh(devices, MESH_AXES)
