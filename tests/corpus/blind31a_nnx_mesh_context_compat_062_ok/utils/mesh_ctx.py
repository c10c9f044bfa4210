import jax


def mesh_context(mesh):
  """Enter `mesh` as the ambient mesh on both old and new JAX."""
  if hasattr(jax, "set_mesh"):
    return jax.set_mesh(mesh)
  return mesh  # legacy `with mesh:` (JAX < 0.7)
