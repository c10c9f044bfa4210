import jax.numpy as jnp
from jax import lax

from . import kernels
from .constants import RING


def ring_all_gather(x, *, num_devices, axis_name=RING):
  """[k, d] per device -> [num_devices * k, d] on every device."""
  k = x.shape[0]
  my_id = lax.axis_index(axis_name)
  out = jnp.zeros((num_devices * k,) + x.shape[1:], x.dtype)
  out = lax.dynamic_update_slice_in_dim(out, x, my_id * k, axis=0)
  chunk = x
  for step in range(1, num_devices):
    chunk = kernels.right_permute(chunk, num_devices=num_devices, axis_name=axis_name)
    src = lax.rem(my_id - step + num_devices, num_devices)
    out = lax.dynamic_update_slice_in_dim(out, chunk, src * k, axis=0)
  return out
