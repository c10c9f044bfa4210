import jax

try:
    from jax.lax import pcast as _pcast

    def make_varying(x, axis_name):
        return _pcast(x, axis_name, to="varying")

except ImportError:  # JAX < 0.8
    def make_varying(x, axis_name):
        return jax.lax.pvary(x, axis_name)
