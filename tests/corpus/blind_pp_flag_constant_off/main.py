"""A debugging flag that swaps the SPMD stage for a single-program jit; left off."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

DEBUG_SINGLE_PROGRAM = False
mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


def stage(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


if DEBUG_SINGLE_PROGRAM:
    step = jax.jit(stage)
else:
    step = jax.jit(jax.shard_map(stage, mesh=mesh, in_specs=P("pp"), out_specs=P("pp")))

step.trace(jax.ShapeDtypeStruct((16, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
