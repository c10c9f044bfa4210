from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def matmul_allgather_overlapped(lhs_block, rhs_block, axis_name="i"):
    """lhs sharded on rows, rhs on columns -> full rows x local columns."""
    size = lax.psum(1, axis_name)
    idx = lax.axis_index(axis_name)
    shift = partial(lax.ppermute, axis_name=axis_name, perm=[(j, (j + 1) % size) for j in range(size)])

    B = lhs_block.shape[0]
    out = jnp.zeros((B * size, rhs_block.shape[1]), lhs_block.dtype)

    def body(t, carry):
        out, lhs = carry
        src = (idx - t) % size
        out = lax.dynamic_update_slice_in_dim(out, lhs @ rhs_block, src * B, axis=0)
        return out, shift(lhs)

    out, _ = lax.fori_loop(0, size, body, (out, lhs_block))
    return out
