"""Row-parallel expert down-projection reduce-scattered over the hidden dim."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from moe_comm import rsum_scatter_maybe

mesh = Mesh(np.array(jax.devices()), ("tp",))
D_MODEL = 90   # not a multiple of the 4-way 'tp' axis


def down_proj(h, w_down):
    partial_out = h @ w_down               # [tokens, D_MODEL], partial over 'tp'
    return rsum_scatter_maybe(partial_out, "tp", -1, mesh)


f = jax.jit(jax.shard_map(down_proj, mesh=mesh, in_specs=(P(None, "tp"), P("tp", None)), out_specs=P(None, "tp")))
h = jnp.ones((16, 256), jnp.float32)
w_down = jnp.ones((256, D_MODEL), jnp.float32)
f.trace(h, w_down).lower(lowering_platforms=("tpu",))
