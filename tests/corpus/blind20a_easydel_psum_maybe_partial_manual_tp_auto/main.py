"""MoE combine step in a partial-manual shard_map: 'tp' stays automatic."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from moe_comm import psum_maybe

mesh = Mesh(np.array(jax.devices()).reshape(1, 2, 2), ("dp", "ep", "tp"))


def combine(expert_out, gates):
    weighted = expert_out * gates[..., None]
    return psum_maybe(weighted, ("ep", "tp"), mesh)


combine_sm = jax.shard_map(combine, mesh=mesh, in_specs=(P("dp", "ep"), P("dp", "ep")), out_specs=P("dp"),
                           axis_names={"dp", "ep"}, check_vma=False)

expert_out = jnp.ones((8, 4, 64), jnp.float32)
gates = jnp.ones((8, 4), jnp.float32)
jax.jit(combine_sm).trace(expert_out, gates).lower(lowering_platforms=("tpu",))
