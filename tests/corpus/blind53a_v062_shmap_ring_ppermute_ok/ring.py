import jax.numpy as jnp
from jax import lax


def shift_right(x, size, axis_name="i"):
    perm = [(j, (j + 1) % size) for j in range(size)]
    return lax.ppermute(x, axis_name, perm)


def collective_matmul_allgather_lhs(lhs_block, rhs_block, size, axis_name="i"):
    # lhs: [B, D/size] blocks circulate; rhs: [D/size, F] local
    idx = lax.axis_index(axis_name)
    block = rhs_block.shape[0]
    out = jnp.zeros((lhs_block.shape[0], rhs_block.shape[1]), lhs_block.dtype)
    for i in range(size):
        src = (idx - i) % size
        rhs_i = lax.dynamic_slice_in_dim(rhs_block, 0, block)
        out = out + lhs_block @ rhs_i * (src >= 0)
        lhs_block = shift_right(lhs_block, size, axis_name)
    return out
