"""FSDP-style forward: each device holds a slice of every weight and all-gathers it just before
use (tiled), inside lax.scan over layers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("fsdp",))


def forward(stacked_w, x):
    def layer(h, w_shard):
        w = lax.all_gather(w_shard, "fsdp", axis=0, tiled=True)
        return jnp.tanh(h @ w), None

    h, _ = lax.scan(layer, x, stacked_w)
    return h


f = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(None, "fsdp"), P("fsdp")),
                          out_specs=P("fsdp")))
f.trace(jax.ShapeDtypeStruct((6, 128, 128), jnp.float32),
        jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("cuda",))
