from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from comm.allreduce import butterfly_allreduce

mesh = Mesh(np.array(jax.devices()), ("dp",))
WORLD = mesh.shape["dp"]


@partial(jax.jit,
         in_shardings=(NamedSharding(mesh, P("dp")), NamedSharding(mesh, P("dp"))),
         out_shardings=NamedSharding(mesh, P("dp")))
def sync_grads(local_grads, ranks):
  # ranks = jnp.arange(WORLD): each device sees its own rank in its shard
  return butterfly_allreduce(local_grads, ranks[0], WORLD) / WORLD


if __name__ == "__main__":
  g = jax.ShapeDtypeStruct((32, 256), jnp.float32)
  ranks = jax.ShapeDtypeStruct((WORLD,), jnp.int32)
  sync_grads.trace(g, ranks).lower(lowering_platforms=("tpu",))
