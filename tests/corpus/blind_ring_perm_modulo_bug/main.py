"""Ring shift whose permutation is built with an off-by-one modulus (two sources map to 1)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

n = 4
mesh = Mesh(np.array(jax.devices()[:n]), ("ring",))
perm = [(i, (i + 1) % (n - 1)) for i in range(n)]


def shift(x):
    return jax.lax.ppermute(x, axis_name="ring", perm=perm)


f = jax.jit(jax.shard_map(shift, mesh=mesh, in_specs=P("ring"), out_specs=P("ring")))
f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
