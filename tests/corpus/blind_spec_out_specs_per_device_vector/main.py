"""Per-device losses returned from shard_map with out_specs=P("data") to collect them as a
vector: each device returns its loss as a length-1 vector."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def local_loss(w, x):
    return jnp.mean((x @ w) ** 2)[None]


f = jax.jit(jax.shard_map(local_loss, mesh=mesh, in_specs=(P(), P("data")), out_specs=P("data")))
f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32), jax.ShapeDtypeStruct((32, 8), jnp.float32)).lower(
    lowering_platforms=("cuda",))
