import numpy as np
import jax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def create_mesh(cfg):
  devices = np.asarray(jax.devices()).reshape(cfg.mesh_shape)
  return Mesh(devices, cfg.mesh_axis_names)


def replicated(mesh):
  return NamedSharding(mesh, P())


def data_parallel(mesh, cfg):
  return NamedSharding(mesh, P(cfg.data_axis))
