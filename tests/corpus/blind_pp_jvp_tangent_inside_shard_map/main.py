"""Forward-mode sensitivity of a pipeline stage: jax.jvp taken inside the shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("stage",))
PERM = [(0, 1), (1, 2), (2, 3)]


def shift(x):
    tok = jax.lax.psend(x, "stage", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", PERM)


def stage_jvp(x, dx):
    y, dy = jax.jvp(lambda v: shift(jnp.tanh(v)), (x,), (dx,))
    return y, dy


f = jax.jit(jax.shard_map(stage_jvp, mesh=mesh, in_specs=(P("stage"), P("stage")),
                          out_specs=(P("stage"), P("stage"))))
x = jax.ShapeDtypeStruct((8, 32), jnp.float32)
f.trace(x, x).lower(lowering_platforms=("cuda",))
