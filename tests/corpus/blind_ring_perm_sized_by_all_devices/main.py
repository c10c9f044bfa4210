"""Ring shift on a 2-device sub-mesh whose permutation is sized by jax.device_count()."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:2]), ("ring",))
n = jax.device_count()
perm = [(i, (i + 1) % n) for i in range(n)]


def shift(x):
    return jax.lax.ppermute(x, axis_name="ring", perm=perm)


f = jax.jit(jax.shard_map(shift, mesh=mesh, in_specs=P("ring"), out_specs=P("ring")))
f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
