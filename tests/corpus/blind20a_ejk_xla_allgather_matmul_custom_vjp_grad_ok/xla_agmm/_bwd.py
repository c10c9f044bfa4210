import jax
import jax.numpy as jnp
from jax import lax


def all_gather_matmul_backward(dy, y, x_full, *, axis_name, rhs_transpose, precision):
    """The gradient wrt x is reduce-scattered across axis_name so it matches x's local shard shape."""
    if rhs_transpose:
        grad_x_partial = jnp.dot(dy, y, precision=precision)
        grad_y = jnp.dot(dy.T, x_full, precision=precision)
    else:
        grad_x_partial = jnp.dot(dy, y.T, precision=precision)
        grad_y = jnp.dot(x_full.T, dy, precision=precision)

    grad_x = lax.psum_scatter(grad_x_partial, axis_name=axis_name, scatter_dimension=0, tiled=True)
    return grad_x, grad_y
