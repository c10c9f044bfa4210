"""All-gather collective matmul (shard_map tutorial): overlap ppermute with local matmuls."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("i",))
size = mesh.shape["i"]


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("i", None), P(None, "i")),
                   out_specs=P(None, "i"))
def matmul_allgather_overlapped(lhs_block, rhs_block):
    idx = lax.axis_index("i")
    shift = functools.partial(lax.ppermute, axis_name="i",
                              perm=[(j, (j - 1) % size) for j in range(size)])
    B = lhs_block.shape[0]
    out_block = jnp.zeros((B * size, rhs_block.shape[1]), lhs_block.dtype)
    out_block = lax.pcast(out_block, "i", to="varying")

    def body(i, carry):
        out_block, lhs_block = carry
        lhs_block = shift(lhs_block)
        row = ((idx + i) % size) * B
        out_block = lax.dynamic_update_slice_in_dim(out_block, lhs_block @ rhs_block, row, 0)
        return out_block, lhs_block

    out_block = lax.dynamic_update_slice_in_dim(out_block, lhs_block @ rhs_block, idx * B, 0)
    out_block, _ = lax.fori_loop(1, size, body, (out_block, lhs_block))
    return out_block


if __name__ == "__main__":
    lhs = jax.ShapeDtypeStruct((256, 128), jnp.float32, sharding=NamedSharding(mesh, P("i", None)))
    rhs = jax.ShapeDtypeStruct((128, 512), jnp.float32, sharding=NamedSharding(mesh, P(None, "i")))
    matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=("tpu",))
