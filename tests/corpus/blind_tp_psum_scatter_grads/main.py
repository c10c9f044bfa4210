"""ZeRO-style gradient reduce-scatter: each device keeps the reduced slice of the gradient."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("zero",))


def grad_shard(w, x):
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return jax.lax.psum_scatter(g, "zero", scatter_dimension=0, tiled=True)


f = jax.jit(jax.shard_map(grad_shard, mesh=mesh, in_specs=(P(), P("zero")), out_specs=P("zero")))
f.trace(jax.ShapeDtypeStruct((64, 32), jnp.float32),
        jax.ShapeDtypeStruct((32, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
