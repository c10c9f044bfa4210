from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

devices = np.array(jax.devices())
mesh = Mesh(devices, ("i",))


def sync(grads):
  # ZeRO-style: each replica keeps only its slice of the averaged gradient
  shard = lax.psum_scatter(grads, "i", scatter_dimension=0, tiled=True)
  return shard / lax.axis_size("i")


sync = jax.jit(sync)
sync = jax.shard_map(sync, mesh=mesh, in_specs=P("i"), out_specs=P("i"))

grads = jax.device_put(jnp.arange(64.0).reshape(16, 4) * 0.5, NamedSharding(mesh, P()))
hlo = jax.jit(sync).trace(grads).lower(lowering_platforms=("cuda",)).as_text()
print(hlo[:40])
