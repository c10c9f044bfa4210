import jax
from jax.experimental import mesh_utils
from jax.sharding import Mesh


def mesh_for(num_hosts):
  if num_hosts > 1:
    return Mesh(mesh_utils.create_device_mesh((num_hosts, jax.local_device_count())),
                ('data', 'model'))
  return Mesh(mesh_utils.create_device_mesh((jax.device_count(),)), ('data',))
