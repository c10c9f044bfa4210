"""FSDP weight gathering with all_gather, whose output still varies over the gathered axis
under check_vma; it leaves the shard_map with out_specs=P()."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("fsdp",))


def gather_params(params):
    return jax.tree.map(lambda p: jax.lax.all_gather(p, "fsdp", axis=0, tiled=True), params)


f = jax.jit(jax.shard_map(gather_params, mesh=mesh, in_specs=P("fsdp"), out_specs=P()))
params = {"w": jax.ShapeDtypeStruct((256, 64), jnp.float32), "b": jax.ShapeDtypeStruct((64,), jnp.float32)}
f.trace(params).lower(lowering_platforms=("cuda",))
