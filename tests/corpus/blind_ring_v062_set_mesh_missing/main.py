"""Ring shift whose mesh comes from `with jax.set_mesh(mesh):` (newer JAX), run on JAX 0.6.2."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("ring",))
RIGHT = [(i, (i + 1) % 4) for i in range(4)]


def shift(x):
    return jax.lax.ppermute(x, "ring", RIGHT)


with jax.set_mesh(mesh):
    f = jax.jit(jax.shard_map(shift, in_specs=P("ring"), out_specs=P("ring")))
    f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
