import jax
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec


def make_mesh(shape=(2, 2), names=('data', 'model')):
  return Mesh(mesh_utils.create_device_mesh(shape), names)


def mesh_sharding(mesh, pspec):
  return NamedSharding(mesh, pspec)
