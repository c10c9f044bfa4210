"""A launcher that tries the plain jitted stage first and falls back to shard_map when the
backend rejects it; it catches NotImplementedError, but JAX raises NameError for the unbound axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


def stage(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


x = jax.ShapeDtypeStruct((16, 64), jnp.float32)
try:
    lowered = jax.jit(stage).trace(x).lower(lowering_platforms=("cuda",))
except NotImplementedError:
    sharded = jax.shard_map(stage, mesh=mesh, in_specs=P("pp"), out_specs=P("pp"))
    lowered = jax.jit(sharded).trace(x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:80])
