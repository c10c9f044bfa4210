from functools import partial

import jax
import jax.numpy as jnp

AXIS = "i"


def collective_matmul_allgather_lhs_non_contracting(lhs_block, rhs_block):
    # lhs_block: f32[2, 16], rhs_block: f32[16, 2]
    axis_size = jax.lax.psum(1, AXIS)
    idx = jax.lax.axis_index(AXIS)
    shift = partial(jax.lax.ppermute, axis_name=AXIS,
                    perm=[(i, (i + 1) % axis_size) for i in range(axis_size)])

    B = lhs_block.shape[0]
    out_block = jnp.zeros((B * axis_size, rhs_block.shape[1]), dtype=lhs_block.dtype)
    out_block = jax.lax.dynamic_update_slice_in_dim(out_block, lhs_block @ rhs_block, idx * B, 0)
    for i in range(1, axis_size):
        lhs_block = shift(lhs_block)
        out_block = jax.lax.dynamic_update_slice_in_dim(
            out_block, lhs_block @ rhs_block, ((idx - i) % axis_size) * B, 0)
    return out_block
