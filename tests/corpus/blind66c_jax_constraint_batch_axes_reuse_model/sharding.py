import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

_MESH = None


def setup_mesh(mesh_cfg):
  global _MESH
  devices = np.array(jax.devices()).reshape(mesh_cfg["shape"])
  _MESH = Mesh(devices, mesh_cfg["axes"])
  return _MESH


def named(*spec):
  return NamedSharding(_MESH, P(*spec))


def constrain(x, *spec):
  return jax.lax.with_sharding_constraint(x, named(*spec))
