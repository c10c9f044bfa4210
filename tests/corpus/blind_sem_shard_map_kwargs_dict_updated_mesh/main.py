"""shard_map options kept in a config dict and splatted (**SMAP_KW); a later cell swaps in a
2-D (dp, sp) mesh with dict.update, and the specs still name only `sp`."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("sp",))
SMAP_KW = dict(mesh=mesh, in_specs=(P("sp"),), out_specs=P("sp"))


def halo_exchange(x):
    left = jax.lax.ppermute(x[:1], "sp", [(i, (i - 1) % 4) for i in range(4)])
    right = jax.lax.ppermute(x[-1:], "sp", [(i, (i + 1) % 4) for i in range(4)])
    return jnp.concatenate([right, x, left])[1:-1]


SMAP_KW.update(mesh=Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "sp")))
f = jax.jit(jax.shard_map(halo_exchange, **SMAP_KW))
f.trace(jax.ShapeDtypeStruct((64, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
