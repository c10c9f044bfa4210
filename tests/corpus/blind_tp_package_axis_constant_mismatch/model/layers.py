"""Megatron-style dense layers for the tensor-parallel axis."""
import jax
import jax.numpy as jnp

from parallel.config import TP_AXIS


class ColumnParallelDense:
    """Output features split over the tensor axis: no communication in the forward pass."""

    def __call__(self, w, x):
        return jnp.einsum("bd,df->bf", x, w)


class RowParallelDense:
    """Input features split over the tensor axis: partial sums are all-reduced."""

    def __call__(self, w, x):
        partial_sum = jnp.einsum("bf,fd->bd", x, w)
        return jax.lax.psum(partial_sum, TP_AXIS)
