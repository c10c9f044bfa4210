import contextlib

import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec

try:  # JAX >= 0.7
  from jax import P
except ImportError:
  P = PartitionSpec


def mesh_context(mesh):
  if hasattr(jax, "set_mesh"):
    return jax.set_mesh(mesh)
  if hasattr(jax.sharding, "use_mesh"):
    return jax.sharding.use_mesh(mesh)
  return mesh


def create_mesh(config):
  axes, sizes = zip(*config["mesh"])
  sizes = [jax.device_count() // int(np.prod([s for s in sizes if s != -1])) if s == -1 else s
           for s in sizes]
  devices = np.asarray(jax.devices()).reshape(sizes)
  return Mesh(devices, axes)


def fsdp_sharding(mesh, axis, tree, min_size=2 ** 10):
  def spec(x):
    shape = np.shape(x)
    if np.prod(shape) < min_size:
      return NamedSharding(mesh, P())
    dim = int(np.argmax(shape))
    if shape[dim] % mesh.shape[axis]:
      return NamedSharding(mesh, P())
    parts = [None] * len(shape)
    parts[dim] = axis
    return NamedSharding(mesh, P(*parts))
  return jax.tree.map(spec, tree)
