import jax


def communicate(h):
    """Scales the activations by the shard's position along 'd'."""
    idx = jax.lax.axis_index('d')
    return h * (1.0 + idx.astype(h.dtype))
