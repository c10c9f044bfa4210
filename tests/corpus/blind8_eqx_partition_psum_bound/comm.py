import jax


def communicate(h):
    """Sums the activations over the 'd' axis."""
    return jax.lax.psum(h, 'd')
