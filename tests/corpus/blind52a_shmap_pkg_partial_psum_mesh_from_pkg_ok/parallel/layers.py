import jax.numpy as jnp

from .collectives import all_reduce_model


def row_parallel_matmul(a_block, b_block):
    c_partial = jnp.dot(a_block, b_block)
    return all_reduce_model(c_partial)
