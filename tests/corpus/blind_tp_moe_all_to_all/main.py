"""Expert-parallel MoE dispatch: tokens routed to their expert's device with all_to_all and back."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

N_EXPERTS = 4
mesh = Mesh(np.array(jax.devices()), ("expert",))


def moe(expert_w, tokens):
    # tokens: [experts, capacity, d] on each device
    dispatched = jax.lax.all_to_all(tokens, "expert", split_axis=0, concat_axis=0, tiled=True)
    out = jnp.einsum("ecd,df->ecf", dispatched, expert_w[0])
    return jax.lax.all_to_all(out, "expert", split_axis=0, concat_axis=0, tiled=True)


f = jax.jit(jax.shard_map(moe, mesh=mesh, in_specs=(P("expert"), P("expert")), out_specs=P("expert")))
f.trace(jax.ShapeDtypeStruct((N_EXPERTS, 64, 64), jnp.float32),
        jax.ShapeDtypeStruct((N_EXPERTS * N_EXPERTS, 8, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
