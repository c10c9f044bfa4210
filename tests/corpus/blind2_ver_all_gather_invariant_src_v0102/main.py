"""FSDP weight gathering with all_gather_invariant, whose output is typed replicated over the
gathered axis, so it can leave the shard_map with out_specs=P()."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.lax.parallel import all_gather_invariant
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("fsdp",))


def gather_params(params):
    return jax.tree.map(lambda p: all_gather_invariant(p, "fsdp", axis=0, tiled=True), params)


f = jax.jit(jax.shard_map(gather_params, mesh=mesh, in_specs=P("fsdp"), out_specs=P()))
params = {"w": jax.ShapeDtypeStruct((256, 64), jnp.float32), "b": jax.ShapeDtypeStruct((64,), jnp.float32)}
f.trace(params).lower(lowering_platforms=("cuda",))
