"""Debugging a tensor-parallel layer by printing the jaxpr of its shard_mapped
version, then lowering it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("tp",))


def row_parallel(x, w):
    return jax.lax.psum(x @ w, "tp")


x = jax.ShapeDtypeStruct((8, 256), jnp.float32)
w = jax.ShapeDtypeStruct((256, 64), jnp.float32)
f = jax.jit(jax.shard_map(row_parallel, mesh=mesh, in_specs=(P(None, "tp"), P("tp", None)), out_specs=P()))
print(jax.make_jaxpr(f)(x, w))
f.trace(x, w).lower(lowering_platforms=("cuda",))
