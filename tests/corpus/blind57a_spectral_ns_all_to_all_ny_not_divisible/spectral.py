import jax.numpy as jnp
from jax import lax


def dist_fft2(w, axis_name):
  """(nx/P, ny) row slabs -> (nx, ny/P) column slabs in Fourier space."""
  w = jnp.fft.fft(w, axis=1)
  w = lax.all_to_all(w, axis_name, split_axis=1, concat_axis=0, tiled=True)
  return jnp.fft.fft(w, axis=0)


def dist_ifft2(w_hat, axis_name):
  w = jnp.fft.ifft(w_hat, axis=0)
  w = lax.all_to_all(w, axis_name, split_axis=0, concat_axis=1, tiled=True)
  return jnp.fft.ifft(w, axis=1)
