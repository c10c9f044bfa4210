"""JAX-version compatibility shims."""
import jax

if hasattr(jax.lax, "pcast"):
    def to_varying(x, axis_name):
        return jax.lax.pcast(x, axis_name, to="varying")
else:
    to_varying = jax.lax.pvary
