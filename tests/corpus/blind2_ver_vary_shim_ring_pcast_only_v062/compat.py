"""JAX-version compatibility shims (written against JAX 0.8+)."""
import jax


def to_varying(x, axis_name):
    return jax.lax.pcast(x, axis_name, to="varying")
