import jax.numpy as jnp
from jax import lax

G = 1.0
SOFTENING = 1e-2


def accelerations(pos_local, pos_all, mass_all):
  """Acceleration on my particles due to every particle in the system."""
  d = pos_all[None, :, :] - pos_local[:, None, :]          # (n_loc, N, 3)
  inv_r3 = (jnp.sum(d * d, axis=-1) + SOFTENING ** 2) ** -1.5  # (n_loc, N)
  return G * jnp.einsum("ij,ijk,j->ik", inv_r3, d, mass_all)


def gathered_acc(pos, mass, axis_name):
  pos_all = lax.all_gather(pos, axis_name, tiled=True)
  mass_all = lax.all_gather(mass, axis_name, tiled=True)
  return accelerations(pos, pos_all, mass_all)
