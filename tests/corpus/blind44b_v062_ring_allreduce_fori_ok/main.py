from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("ring",))
N = len(jax.devices())
PERM = [(i, (i + 1) % N) for i in range(N)]


@partial(shard_map, mesh=mesh, in_specs=P("ring"), out_specs=P("ring"))
def ring_allreduce(x):
  def body(_, carry):
    acc, buf = carry
    buf = lax.ppermute(buf, "ring", perm=PERM)
    return acc + buf, buf

  acc, _ = lax.fori_loop(0, N - 1, body, (x, x))
  return acc


with jax.sharding.use_mesh(mesh):
  x = jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(mesh, P("ring")))
  print(jax.jit(ring_allreduce).trace(x).lower(lowering_platforms=("cuda",)).as_text()[:40])
