"""Pipeline shift written against jax.experimental.shard_map (positional mesh/specs,
check_rep=False), on JAX 0.8.2."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


def shift(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


f = jax.jit(shard_map(shift, mesh, P("pp"), P("pp"), check_rep=False))
f.trace(jax.ShapeDtypeStruct((16, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
