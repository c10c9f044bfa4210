import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ring import ring_accelerations

N_DEV = 4
N = 4096
DT = 5e-4

mesh = Mesh(np.array(jax.devices()), axis_names=("ring",))


def drift_kick(x, v, m):
  a = ring_accelerations(x, m, "ring", N_DEV)
  v = v + DT * a
  return x + (DT * v).astype(x.dtype), v


step = jax.jit(jax.shard_map(drift_kick, mesh=mesh,
                             in_specs=(P("ring"), P("ring"), P("ring")),
                             out_specs=(P("ring"), P("ring"))))

if __name__ == "__main__":
  blocks = NamedSharding(mesh, P("ring"))
  x = jax.ShapeDtypeStruct((N, 3), jnp.bfloat16, sharding=blocks)   # positions travel in bf16
  v = jax.ShapeDtypeStruct((N, 3), jnp.float32, sharding=blocks)
  m = jax.ShapeDtypeStruct((N,), jnp.float32, sharding=blocks)
  step.trace(x, v, m).lower(lowering_platforms=("cuda",))
