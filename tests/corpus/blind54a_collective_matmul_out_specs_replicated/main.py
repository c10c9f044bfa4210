"""Reduce-scatter collective matmul; output spec written as fully replicated."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("i",))
size = mesh.shape["i"]


def matmul_reducescatter(lhs_block, rhs_block):
    # lhs_block: (M, K/size), rhs_block: (K/size, N); result rows reduce-scattered
    idx = lax.axis_index("i")
    shift = functools.partial(lax.ppermute, axis_name="i",
                              perm=[(j, (j - 1) % size) for j in range(size)])
    M = lhs_block.shape[0] // size
    lhs_chunks = lhs_block.reshape(size, M, -1)

    def body(i, acc):
        acc = shift(acc)
        chunk = lax.dynamic_index_in_dim(lhs_chunks, (idx + i + 1) % size, keepdims=False)
        return acc + chunk @ rhs_block

    acc = lax.dynamic_index_in_dim(lhs_chunks, (idx + 1) % size, keepdims=False) @ rhs_block
    return lax.fori_loop(1, size, body, acc)


project = jax.jit(jax.shard_map(matmul_reducescatter, mesh=mesh,
                                in_specs=(P(None, "i"), P("i", None)),
                                out_specs=P()))

if __name__ == "__main__":
    lhs = jax.ShapeDtypeStruct((256, 512), jnp.float32)
    rhs = jax.ShapeDtypeStruct((512, 128), jnp.float32)
    project.trace(lhs, rhs).lower(lowering_platforms=("tpu",))
