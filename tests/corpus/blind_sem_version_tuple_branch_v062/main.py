"""A pipeline shift that uses psend/precv where the installed JAX has them and falls back to
ppermute otherwise (checked on jax.__version_info__); run on JAX 0.6.2, which has no psend."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3), (3, 0)]
HAS_P2P = jax.__version_info__ >= (0, 7, 0)


def shift(x):
    if HAS_P2P:
        tok = jax.lax.psend(x, "pp", PERM)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)
    return jax.lax.ppermute(x, "pp", PERM)


f = jax.jit(jax.shard_map(shift, mesh=mesh, in_specs=P("pp"), out_specs=P("pp")))
f.trace(jax.ShapeDtypeStruct((16, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
