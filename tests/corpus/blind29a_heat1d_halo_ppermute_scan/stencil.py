"""Halo exchange for a 1-D domain decomposition (periodic boundary)."""
import jax
import jax.numpy as jnp
from jax import lax

AXIS = "x"


def exchange_halo(u, width, n_dev):
    left_edge = u[:width]
    right_edge = u[-width:]
    to_right = [(i, (i + 1) % n_dev) for i in range(n_dev)]
    to_left = [(i, (i - 1) % n_dev) for i in range(n_dev)]
    # my right edge becomes my right neighbour's left halo, and the reverse
    left_halo = lax.ppermute(right_edge, AXIS, perm=to_right)
    right_halo = lax.ppermute(left_edge, AXIS, perm=to_left)
    return jnp.concatenate([left_halo, u, right_halo])


def laplacian(u_padded, dx, width):
    return (u_padded[width - 1:-width - 1] - 2 * u_padded[width:-width]
            + u_padded[width + 1:len(u_padded) - width + 1]) / dx ** 2
