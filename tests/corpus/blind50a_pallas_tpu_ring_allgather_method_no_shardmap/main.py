import functools

import jax
import jax.numpy as jnp
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ops.all_gather import ring_all_gather_local


class SequenceParallelGather:
  """Gathers sequence shards before attention."""

  def __init__(self, mesh, axis_name="x"):
    self.mesh = mesh
    self.axis_name = axis_name
    self.sharding = NamedSharding(mesh, P(axis_name))

  def build(self):
    local = functools.partial(ring_all_gather_local, axis_name=self.axis_name,
                              num_devices=self.mesh.shape[self.axis_name])
    return jax.jit(local, in_shardings=self.sharding,
                   out_shardings=NamedSharding(self.mesh, P()))


mesh = Mesh(mesh_utils.create_device_mesh((4,)), ("x",))
gather = SequenceParallelGather(mesh).build()

x = jnp.arange(4 * 8 * 128, dtype=jnp.float32).reshape(4 * 8, 128)
print(gather.trace(x).lower(lowering_platforms=("tpu",)).as_text()[:40])
