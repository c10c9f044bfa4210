"""Finite-difference helpers for a 1-D domain split across devices along one mesh axis."""
import jax.numpy as jnp
from jax import lax


def ring_perms(n_dev):
  to_right = [(i, (i + 1) % n_dev) for i in range(n_dev)]
  to_left = [(i, (i - 1) % n_dev) for i in range(n_dev)]
  return to_right, to_left


def exchange_halo(u, axis_name, n_dev):
  """Pad the local block with one ghost cell on each side (periodic domain)."""
  to_right, to_left = ring_perms(n_dev)
  # my last interior cell becomes the left ghost of my right neighbour, and vice versa
  ghost_left = lax.ppermute(u[-1:], axis_name, perm=to_right)
  ghost_right = lax.ppermute(u[:1], axis_name, perm=to_left)
  return jnp.concatenate([ghost_left, u, ghost_right])


def laplacian(u_padded, dx):
  return (u_padded[2:] - 2.0 * u_padded[1:-1] + u_padded[:-2]) / (dx * dx)
