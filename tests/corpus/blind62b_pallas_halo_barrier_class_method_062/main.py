import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from halo import HaloExchange

mesh = Mesh(np.array(jax.devices()), ("x",))
halo = HaloExchange("x", num_devices=mesh.size)


def smooth(u):
  lo, hi = halo(u)
  padded = jnp.concatenate([lo[-1:], u, hi[:1]], axis=0)
  return (padded[:-2] + padded[1:-1] + padded[2:]) / 3.0


smooth_step = jax.jit(shard_map(smooth, mesh=mesh, in_specs=P("x", None),
                                out_specs=P("x", None), check_rep=False))

if __name__ == "__main__":
  u = jax.ShapeDtypeStruct((mesh.size * 64, 128), jnp.float32,
                           sharding=NamedSharding(mesh, P("x", None)))
  smooth_step.trace(u).lower(lowering_platforms=("tpu",))
