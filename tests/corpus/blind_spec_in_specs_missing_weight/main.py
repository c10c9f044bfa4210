"""Data-parallel loss whose shard_map in_specs lists only the batch (the weight argument's spec
was forgotten)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def loss(w, x):
    return jax.lax.pmean(jnp.mean((x @ w) ** 2), "data")


f = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(P("data"),), out_specs=P()))
f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32), jax.ShapeDtypeStruct((32, 8), jnp.float32)).lower(
    lowering_platforms=("cuda",))
