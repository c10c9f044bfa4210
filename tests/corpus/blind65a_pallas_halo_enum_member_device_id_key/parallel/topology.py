from jax import lax


def neighbour(axis, shift):
  """Mesh coordinates of the device `shift` steps along `axis` (other axes unchanged)."""
  name = axis.value
  size = lax.axis_size(name)
  idx = lax.rem(lax.axis_index(name) + shift + size, size)
  return {axis: idx}
