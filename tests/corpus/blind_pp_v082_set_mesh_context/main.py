"""Pipeline shift with the mesh taken from a `jax.set_mesh` context (shard_map without
mesh=), on JAX 0.8.2."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


def shift(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


with jax.set_mesh(mesh):
    f = jax.jit(jax.shard_map(shift, in_specs=P("pp"), out_specs=P("pp")))
    f.trace(jax.ShapeDtypeStruct((16, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
