import jax.numpy as jnp
import jax.lax as L


def global_normalize(b):
    total = L.psum(jnp.sum(b * b), ("x", "y"))
    return b / jnp.sqrt(total)


def row_normalize(b):
    # rows are split over the 'y' axis of the mesh
    rows = L.psum(jnp.sum(b * b, axis=1, keepdims=True), "Y")
    return b / jnp.sqrt(rows)
