"""FSDP-style forward with rematerialised layers (jax.checkpoint around the scan body),
jitted with FSDP in_shardings instead of shard_map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("fsdp",))


@jax.checkpoint
def layer(h, w_shard):
    w = lax.all_gather(w_shard, "fsdp", axis=0, tiled=True)
    return jnp.tanh(h @ w), None


def forward(stacked_w, x):
    h, _ = lax.scan(layer, x, stacked_w)
    return h


f = jax.jit(forward, in_shardings=(NamedSharding(mesh, P(None, "fsdp")), NamedSharding(mesh, P("fsdp"))))
f.trace(jax.ShapeDtypeStruct((6, 128, 128), jnp.float32),
        jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("cuda",))
