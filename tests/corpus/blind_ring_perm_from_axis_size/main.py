"""Ring shift whose permutation is built from lax.axis_size inside the shard_mapped function."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "ring"))


def shift(x):
    n = jax.lax.axis_size("ring")
    return jax.lax.ppermute(x, axis_name="ring", perm=[(i, (i + 1) % n) for i in range(n)])


f = jax.jit(jax.shard_map(shift, mesh=mesh, in_specs=P("data", "ring"), out_specs=P("data", "ring")))
f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
