import jax
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P


def make_mesh(cfg):
  return Mesh(mesh_utils.create_device_mesh(cfg.mesh_shape), cfg.mesh_axes)


def batch_spec(cfg):
  return P(cfg.batch_axes)


def replicated_spec():
  return P()
