"""Debugging a tensor-parallel layer by printing its jaxpr (jax.make_jaxpr traces, no shard_map)
before lowering the shard_mapped version."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("tp",))


def row_parallel(x, w):
    return jax.lax.psum(x @ w, "tp")


x = jax.ShapeDtypeStruct((8, 256), jnp.float32)
w = jax.ShapeDtypeStruct((256, 64), jnp.float32)
print(jax.make_jaxpr(row_parallel)(x, w))
f = jax.jit(jax.shard_map(row_parallel, mesh=mesh, in_specs=(P(None, "tp"), P("tp", None)), out_specs=P()))
f.trace(x, w).lower(lowering_platforms=("cuda",))
