from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("ring",))


class RingCommunicator:
  axis = "ring"

  def __init__(self, mesh):
    self.mesh = mesh
    self.size = mesh.shape[self.axis]
    self.perm = [(i, (i + 1) % self.size) for i in range(self.size)]

  @partial(shard_map, mesh=mesh, in_specs=(P("ring"),), out_specs=P("ring"))
  def allreduce(self, x):
    def body(_, carry):
      acc, buf = carry
      buf = lax.ppermute(buf, self.axis, perm=self.perm)
      return acc + buf, buf

    acc, _ = lax.fori_loop(0, self.size - 1, body, (x, x))
    return acc


comm = RingCommunicator(mesh)
with jax.sharding.use_mesh(mesh):
  x = jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(mesh, P("ring")))
  print(jax.jit(comm.allreduce).trace(x).lower(lowering_platforms=("cuda",)).as_text()[:40])
