"""Expert FFN with hidden sharded over 'tp': reductions only over axes the mesh really has."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from moe_comm import psum_maybe, rsum_scatter_maybe

mesh = Mesh(np.array(jax.devices()).reshape(2, 1, 2), ("dp", "fsdp", "tp"))
REDUCE_AXES = ("dp", "fsdp", "sp", "tp")


def expert_ffn(x, w_up, w_down):
    h = jax.nn.silu(x @ w_up)
    partial_out = h @ w_down
    out = psum_maybe(partial_out, ("fsdp", "sp", "tp"), mesh)
    out = rsum_scatter_maybe(out, "ep", -1, mesh)
    return out


ffn = jax.jit(jax.shard_map(expert_ffn, mesh=mesh,
                            in_specs=(P("dp", None), P(None, "tp"), P("tp", None)),
                            out_specs=P("dp", None)))

x = jnp.ones((16, 64), jnp.bfloat16)
w_up = jnp.ones((64, 256), jnp.bfloat16)
w_down = jnp.ones((256, 64), jnp.bfloat16)
ffn.trace(x, w_up, w_down).lower(lowering_platforms=("tpu",))
